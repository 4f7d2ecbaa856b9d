import { CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useUnreadCountQuery } from '../api/get-unread-count';
import { useMarkReadMutation } from '../api/mark-read';

/** "Mark all as read": every notification read at once; disabled while nothing is unread. */
export function MarkAllReadButton() {
  const { t } = useTranslation('notifications');
  const { toast } = useToast();
  const unread = useUnreadCountQuery(true).data?.unread ?? 0;
  const markRead = useMarkReadMutation();
  return (
    <Button
      variant="secondary"
      disabled={unread === 0}
      loading={markRead.isPending}
      onClick={() =>
        markRead.mutate(
          { all: true },
          { onError: () => toast({ title: t('markAllFailed'), variant: 'error' }) },
        )
      }
    >
      <CheckCheck aria-hidden="true" size={16} />
      {t('markAll')}
    </Button>
  );
}
