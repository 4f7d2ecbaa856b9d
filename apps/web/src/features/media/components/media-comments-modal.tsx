import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';

/** The media modal (spec §2): the entry's comments over its landing. */
export function MediaCommentsModal({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('media');
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('comments.modalTitle', { title })}
      size="lg"
      className="media-comments-modal"
    >
      {children}
    </Modal>
  );
}
