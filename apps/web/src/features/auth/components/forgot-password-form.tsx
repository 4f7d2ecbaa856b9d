import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import './auth-form.css';

export interface ForgotPasswordFormProps {
  onSubmit: (values: { email: string }) => void;
  /** A failure message (spec §2). */
  error?: string | null;
  /** A message for the email field itself (a malformed address). */
  emailError?: string | null;
  /** The neutral confirmation shown after sending, whether or not the address has an account. */
  notice?: string | null;
  pending?: boolean;
}

/** Spec §2 Forgot password: an email field, a Forgot Password button and a Cancel link to /. */
export function ForgotPasswordForm({
  onSubmit,
  error,
  emailError,
  notice,
  pending = false,
}: ForgotPasswordFormProps) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const messageId = useId();
  const filled = email.trim() !== '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!filled || pending) return;
    onSubmit({ email: email.trim() });
  };

  return (
    <form
      className="auth-form"
      onSubmit={submit}
      noValidate
      aria-describedby={error || notice ? messageId : undefined}
    >
      <Input
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={emailError}
      />
      <div id={messageId} className={error ? 'auth-form__error' : 'auth-form__notice'} role="alert">
        {error ?? notice}
      </div>
      <Button type="submit" size="lg" block disabled={!filled} loading={pending}>
        {t('forgot.submit')}
      </Button>
      <p className="auth-form__switch">
        <Link to="/">{t('forgot.cancel')}</Link>
      </p>
    </form>
  );
}
