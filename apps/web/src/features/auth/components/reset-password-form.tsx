import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PasswordInput } from './password-input';
import './auth-form.css';

export interface ResetPasswordFormProps {
  onSubmit: (values: { newPassword: string }) => void;
  error?: string | null;
  /** A message for the new password itself (too short, too long). */
  passwordError?: string | null;
  pending?: boolean;
}

/** The page the mailed reset link opens: a new password, typed twice. */
export function ResetPasswordForm({
  onSubmit,
  error,
  passwordError,
  pending = false,
}: ResetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const errorId = useId();
  const filled = newPassword !== '' && confirm !== '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!filled || pending) return;
    if (newPassword !== confirm) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    onSubmit({ newPassword });
  };

  return (
    <form
      className="auth-form"
      onSubmit={submit}
      noValidate
      aria-describedby={error ? errorId : undefined}
    >
      <PasswordInput
        label={t('fields.newPassword')}
        name="newPassword"
        autoComplete="new-password"
        required
        hint={passwordError ? undefined : t('fields.passwordHint')}
        error={passwordError}
        value={newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
      />
      <PasswordInput
        label={t('fields.confirmPassword')}
        name="confirmPassword"
        autoComplete="new-password"
        required
        error={mismatch ? t('reset.mismatch') : undefined}
        value={confirm}
        onChange={(e) => {
          setConfirm(e.target.value);
          if (mismatch) setMismatch(false);
        }}
      />
      <div id={errorId} className="auth-form__error" role="alert">
        {error}
      </div>
      <Button type="submit" size="lg" block disabled={!filled} loading={pending}>
        {t('reset.submit')}
      </Button>
    </form>
  );
}
