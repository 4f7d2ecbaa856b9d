import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { PasswordInput } from './password-input';
import './auth-form.css';

export interface LoginValues {
  email: string;
  password: string;
}

export interface LoginFormProps {
  onSubmit: (values: LoginValues) => void;
  /** Shown in the error area (spec §8 messages). */
  error?: string | null;
  /** A neutral message above the fields (for example after a password reset). */
  notice?: string | null;
  pending?: boolean;
}

/** Spec §2 Login: Email, password, Login (disabled until both are filled), Forgot password, Sign up, an error area. */
export function LoginForm({ onSubmit, error, notice, pending = false }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const errorId = useId();
  const filled = email.trim() !== '' && password !== '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!filled || pending) return;
    onSubmit({ email: email.trim(), password });
  };

  return (
    <form
      className="auth-form"
      onSubmit={submit}
      noValidate
      aria-describedby={error ? errorId : undefined}
    >
      {notice ? (
        <p className="auth-form__notice" role="status">
          {notice}
        </p>
      ) : null}
      <Input
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <PasswordInput
        label={t('fields.password')}
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="auth-form__aside">
        <Link to="/forgotPassword">{t('login.forgot')}</Link>
      </div>
      <div id={errorId} className="auth-form__error" role="alert">
        {error}
      </div>
      <Button type="submit" size="lg" block disabled={!filled} loading={pending}>
        {t('login.submit')}
      </Button>
      <p className="auth-form__switch">
        {t('login.noAccount')} <Link to="/signUp">{t('login.signUp')}</Link>
      </p>
    </form>
  );
}
