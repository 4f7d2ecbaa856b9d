import { Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/ui/icon-button';
import { useToast } from '@/components/ui/toast';

/** Copies the post's address (/post/{id}) to the clipboard. */
export function CopyLinkButton({ postId }: { postId: string }) {
  const { t } = useTranslation('posts');
  const { toast } = useToast();
  const copy = async () => {
    const url = new URL(`/post/${postId}`, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('share.copied'), variant: 'success' });
    } catch {
      toast({ title: t('share.failed'), description: url, variant: 'error' });
    }
  };
  return (
    <IconButton
      aria-label={t('share.copy')}
      title={t('share.copy')}
      size="sm"
      onClick={() => void copy()}
    >
      <Link2 aria-hidden="true" />
    </IconButton>
  );
}
