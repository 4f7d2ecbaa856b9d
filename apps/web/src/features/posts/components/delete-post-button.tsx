import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IconButton } from '@/components/ui/icon-button';
import { useDeletePostMutation } from '../api/delete-post';

export interface DeletePostButtonProps {
  postId: string;
  /** After the post is gone (close the modal, leave the page). */
  onDeleted?: () => void;
}

/** The author's delete, behind a confirmation; the post leaves every list and a toast confirms. */
export function DeletePostButton({ postId, onDeleted }: DeletePostButtonProps) {
  const { t } = useTranslation('posts');
  const remove = useDeletePostMutation();
  return (
    <ConfirmDialog
      trigger={
        <IconButton aria-label={t('delete.button')} title={t('delete.button')} size="sm">
          <Trash2 aria-hidden="true" />
        </IconButton>
      }
      title={t('delete.title')}
      description={t('delete.description')}
      confirmLabel={t('delete.confirm')}
      cancelLabel={t('delete.cancel')}
      onConfirm={async () => {
        await remove.mutateAsync(postId);
        onDeleted?.();
      }}
    />
  );
}
