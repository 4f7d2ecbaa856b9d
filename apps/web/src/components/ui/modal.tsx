import clsx from 'clsx';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './icon-button';
import './modal.css';

export interface ModalProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the modal (rendered as the Radix trigger). */
  trigger?: ReactNode;
  /** Required for screen readers; `hideTitle` keeps it for them but hides it on screen. */
  title: ReactNode;
  hideTitle?: boolean;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions row at the bottom (buttons). */
  footer?: ReactNode;
  /** `center`: centred dialog on wide screens, full-height sheet under 640px. `left`: a side sheet. */
  placement?: 'center' | 'left';
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /** Label of the close button (default: Close, translated). */
  closeLabel?: string;
}

/** Radix Dialog with the app's look: focus is trapped inside and returned to the trigger on close. */
export function Modal({
  open,
  onOpenChange,
  trigger,
  title,
  hideTitle,
  description,
  children,
  footer,
  placement = 'center',
  size = 'md',
  className,
  closeLabel,
}: ModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="ui-modal-overlay" />
        <Dialog.Content
          className={clsx('ui-modal', `ui-modal--${placement}`, `ui-modal--${size}`, className)}
          // Without a description Radix would warn; say so explicitly.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="ui-modal__header">
            <Dialog.Title className={clsx('ui-modal__title', hideTitle && 'visually-hidden')}>
              {title}
            </Dialog.Title>
            <Dialog.Close asChild>
              <IconButton aria-label={closeLabel ?? t('actions.close')} className="ui-modal__close">
                <X aria-hidden="true" />
              </IconButton>
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="ui-modal__description">{description}</Dialog.Description>
          ) : null}
          <div className="ui-modal__body">{children}</div>
          {footer ? <div className="ui-modal__footer">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
