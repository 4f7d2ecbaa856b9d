import { AlertDialog } from 'radix-ui';
import { useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import './modal.css';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog. */
  trigger?: ReactNode;
  /** Without `trigger`: where focus goes back on close (the control that opened it). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** The question, for example 'Are you sure you want to log out?'. */
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** `danger` for destructive actions (the default), `primary` otherwise. */
  tone?: 'danger' | 'primary';
  /** May return a promise: the confirm button shows loading and the dialog stays open until it settles. */
  onConfirm: () => void | Promise<void>;
}

/** Asks before a destructive action. Radix AlertDialog: focus starts on Cancel and returns on close. */
export function ConfirmDialog({
  open: openProp,
  onOpenChange,
  trigger,
  returnFocusTo,
  title,
  description,
  confirmLabel,
  cancelLabel,
  tone = 'danger',
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const open = openProp ?? uncontrolledOpen;

  const commitOpen = (next: boolean) => {
    setUncontrolledOpen(next);
    onOpenChange?.(next);
  };

  // Escape or Cancel while the action runs would hide a result the user is waiting for.
  const onRadixOpenChange = (next: boolean) => {
    if (busy && !next) return;
    commitOpen(next);
  };

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setBusy(false);
      commitOpen(false);
    } catch {
      // The caller reports the failure (a toast); keep the dialog so the user can retry or cancel.
      setBusy(false);
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={onRadixOpenChange}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="ui-modal-overlay" />
        <AlertDialog.Content
          className="ui-confirm"
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <AlertDialog.Title className="ui-confirm__title">{title}</AlertDialog.Title>
          {description ? (
            <AlertDialog.Description className="ui-confirm__description">
              {description}
            </AlertDialog.Description>
          ) : null}
          <div className="ui-confirm__actions">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                {cancelLabel ?? t('actions.cancel')}
              </Button>
            </AlertDialog.Cancel>
            <Button variant={tone} loading={busy} onClick={() => void confirm()}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
