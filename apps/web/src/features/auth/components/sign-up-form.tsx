import { useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { PasswordInput } from './password-input';
import './auth-form.css';

export interface SignUpValues {
  fullName: string;
  username: string;
  email: string;
  password: string;
}

export interface SignUpFormProps {
  onSubmit: (values: SignUpValues) => void;
  error?: string | null;
  /** Per-field messages, from a `validation_error`'s details. */
  fieldErrors?: Partial<Record<keyof SignUpValues, string>>;
  pending?: boolean;
}

/** Spec §2 Sign-up: full name, username, email, password, all required; the button waits for all four. */
export function SignUpForm({ onSubmit, error, fieldErrors, pending = false }: SignUpFormProps) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState<SignUpValues>({
    fullName: '',
    username: '',
    email: '',
    password: '',
  });
  const errorId = useId();
  const filled =
    values.fullName.trim() !== '' &&
    values.username.trim() !== '' &&
    values.email.trim() !== '' &&
    values.password !== '';

  const set = (key: keyof SignUpValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!filled || pending) return;
    onSubmit({
      fullName: values.fullName.trim(),
      username: values.username.trim(),
      email: values.email.trim(),
      password: values.password,
    });
  };

  return (
    <form
      className="auth-form"
      onSubmit={submit}
      noValidate
      aria-describedby={error ? errorId : undefined}
    >
      <Input
        label={t('fields.fullName')}
        name="name"
        autoComplete="name"
        required
        value={values.fullName}
        onChange={set('fullName')}
        error={fieldErrors?.fullName}
      />
      <Input
        label={t('fields.username')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        required
        hint={fieldErrors?.username ? undefined : t('fields.usernameHint')}
        value={values.username}
        onChange={set('username')}
        error={fieldErrors?.username}
      />
      <Input
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={values.email}
        onChange={set('email')}
        error={fieldErrors?.email}
      />
      <PasswordInput
        label={t('fields.password')}
        name="password"
        autoComplete="new-password"
        required
        hint={fieldErrors?.password ? undefined : t('fields.passwordHint')}
        value={values.password}
        onChange={set('password')}
        error={fieldErrors?.password}
      />
      <div id={errorId} className="auth-form__error" role="alert">
        {error}
      </div>
      <Button type="submit" size="lg" block disabled={!filled} loading={pending}>
        {t('signUp.submit')}
      </Button>
      <p className="auth-form__fine-print">
        <Trans
          t={t}
          i18nKey="signUp.terms"
          components={{
            terms: <Link to="/terms-and-conditions" />,
            privacy: <Link to="/privacy-policy" />,
          }}
        />
      </p>
      <p className="auth-form__switch">
        {t('signUp.haveAccount')} <Link to="/login">{t('signUp.login')}</Link>
      </p>
    </form>
  );
}
