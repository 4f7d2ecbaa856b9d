import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import '@/components/ui/modal.css';
import '@/components/ui/confirm-dialog.css';

export interface NoticeDialogProps {
  /** The message; null closes the dialog. */
  message: string | null;
  onClose: () => void;
}

/**
 * The spec's browser alerts (for example 'You can select up to 5 files only.') as an accessible
 * alert dialog with one OK button: announced, focus held, returned on close.
 */
export function NoticeDialog({ message, onClose }: NoticeDialogProps) {
  const { t } = useTranslation('posts');
  return (
    <AlertDialog.Root
      open={message !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="ui-modal-overlay" />
        <AlertDialog.Content className="ui-confirm" aria-describedby={undefined}>
          <AlertDialog.Title className="ui-confirm__title">{message}</AlertDialog.Title>
          <div className="ui-confirm__actions">
            <AlertDialog.Action asChild>
              <Button>{t('notice.ok')}</Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
