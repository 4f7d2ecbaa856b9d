import type { ReactNode } from 'react';
import { Modal } from '@/components/ui/modal';

/** The media modal (spec §2): the entry's comments over its landing, named by its title. */
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
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={title}
      size="lg"
      className="media-comments-modal"
    >
      {children}
    </Modal>
  );
}
