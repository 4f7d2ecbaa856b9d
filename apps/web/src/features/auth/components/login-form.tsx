import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { fieldError, formError, lazyResolver, submitHandler } from '@/lib/forms';
import { authErrorMessage } from '../utils/auth-error';
import { EmailInput } from './email-input';
import { PasswordInput } from './password-input';
import './auth-form.css';

export interface LoginValues {
  email: string;
  password: string;
}

/** `SignInInputSchema`'s email and password rules, fetched with the first focus or submit. */
const loginResolver = lazyResolver<LoginValues>(() =>
  import('../login-checks').then((m) => m.loginResolver),
);

export interface LoginFormProps {
  /** Signs in; a rejection is shown on the form (its fields, else the error area, spec §8 words). */
  onSubmit: (values: LoginValues) => Promise<void> | void;
  /** An error from outside the form (a two-factor step that ended), shown in the error area. */
  error?: string | null;
  /** A neutral message above the fields (for example after a password reset). */
  notice?: string | null;
  pending?: boolean;
}

/** Spec §2 Login: Email, password, Login (disabled until both are filled), Forgot password, Sign up, an error area. */
export function LoginForm({ onSubmit, error, notice, pending = false }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const form = useForm<LoginValues>({
    defaultValues: { email: '', password: '' },
    resolver: loginResolver,
  });
  const { errors, isSubmitting } = form.formState;
  const [email = '', password = ''] = useWatch({
    control: form.control,
    name: ['email', 'password'],
  });
  const errorId = useId();
  const filled = email.trim() !== '' && password !== '';
  const shownError = formError(errors) ?? error;

  const submit = submitHandler(form, (values) => onSubmit(values), {
    fields: ['email', 'password'],
    message: (err) => authErrorMessage(err, t),
  });

  return (
    <form
      className="auth-form"
      onSubmit={submit}
      onFocus={loginResolver.preload}
      noValidate
      aria-describedby={shownError ? errorId : undefined}
    >
      {notice ? (
        <p className="auth-form__notice" role="status">
          {notice}
        </p>
      ) : null}
      <EmailInput
        autoComplete="username"
        {...form.register('email')}
        error={fieldError(errors.email)}
      />
      <PasswordInput
        label={t('fields.password')}
        autoComplete="current-password"
        required
        {...form.register('password')}
        error={fieldError(errors.password)}
      />
      <div className="auth-form__aside">
        <Link to="/forgotPassword">{t('login.forgot')}</Link>
      </div>
      <div id={errorId} className="auth-form__error" role="alert">
        {shownError}
      </div>
      <Button type="submit" size="lg" block disabled={!filled} loading={pending || isSubmitting}>
        {t('login.submit')}
      </Button>
      <p className="auth-form__switch">
        {t('login.noAccount')} <Link to="/signUp">{t('login.signUp')}</Link>
      </p>
    </form>
  );
}
