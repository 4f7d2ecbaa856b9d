import { TriangleAlert } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import '@/components/ui/modal.css';
import '@/components/ui/confirm-dialog.css';
import { isApiError } from '@/lib/api-client';
import { useDeleteAccountMutation } from '../api/delete-account';
import { apiErrorText } from '@/lib/api-error-text';
import { AccountSection } from './account-section';

export interface DeleteAccountSectionProps {
  /** After the server deleted the account: sign out and go to /login (composed by the page). */
  onDeleted: () => void | Promise<void>;
}

/**
 * Delete Account (DESIGN.md: wired, with confirmation and password). The confirmation dialog
 * says what goes and asks for the password; it cannot be dismissed while the request runs.
 */
export function DeleteAccountSection({ onDeleted }: DeleteAccountSectionProps) {
  const { t } = useTranslation('users');
  const mutation = useDeleteAccountMutation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const busy = mutation.isPending || finishing;

  const changeOpen = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    if (!next) {
      setPassword('');
      setError(null);
      mutation.reset();
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!password || busy) return;
    setError(null);
    mutation.mutate(password, {
      onSuccess: async () => {
        setFinishing(true);
        try {
          await onDeleted();
        } finally {
          setFinishing(false);
        }
      },
      onError: (err) =>
        setError(
          isApiError(err, 'invalid_credential') ? t('errors.wrong_password') : apiErrorText(t, err),
        ),
    });
  };

  return (
    <AccountSection
      id="account-delete"
      title={t('delete.title')}
      description={t('delete.description')}
      tone="danger"
    >
      <AlertDialog.Root open={open} onOpenChange={changeOpen}>
        <div>
          <AlertDialog.Trigger asChild>
            <Button variant="danger">{t('delete.button')}</Button>
          </AlertDialog.Trigger>
        </div>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="ui-modal-overlay" />
          <AlertDialog.Content className="ui-confirm delete-account">
            <form className="delete-account__form" onSubmit={onSubmit} noValidate>
              <div className="delete-account__heading">
                <span className="delete-account__icon" aria-hidden="true">
                  <TriangleAlert />
                </span>
                <AlertDialog.Title className="ui-confirm__title">
                  {t('delete.confirmTitle')}
                </AlertDialog.Title>
              </div>
              <AlertDialog.Description className="ui-confirm__description">
                {t('delete.warning')}
              </AlertDialog.Description>
              <Input
                label={t('delete.password')}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setError(null);
                }}
                hint={t('delete.passwordHint')}
                error={error ?? undefined}
                disabled={busy}
                autoFocus
              />
              <div className="ui-confirm__actions">
                <AlertDialog.Cancel asChild>
                  <Button variant="secondary" disabled={busy}>
                    {t('delete.cancel')}
                  </Button>
                </AlertDialog.Cancel>
                <Button type="submit" variant="danger" disabled={!password} loading={busy}>
                  {t('delete.confirm')}
                </Button>
              </div>
            </form>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </AccountSection>
  );
}
