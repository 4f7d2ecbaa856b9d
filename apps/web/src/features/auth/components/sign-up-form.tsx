import { zodResolver } from '@hookform/resolvers/zod';
import { SignUpInputSchema } from '@otakura/shared';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { isApiError } from '@/lib/api-client';
import { fieldError, formError, submitHandler } from '@/lib/forms';
import { authErrorMessage } from '../utils/auth-error';
import { EmailInput } from './email-input';
import { PasswordInput } from './password-input';
import './auth-form.css';

export interface SignUpValues {
  fullName: string;
  username: string;
  email: string;
  password: string;
}

/** The shared sign-up rules, with the name field called what the form calls it. */
const SignUpFormSchema = SignUpInputSchema.omit({ name: true }).extend({
  fullName: SignUpInputSchema.shape.name,
});

const FIELDS = ['fullName', 'username', 'email', 'password'] as const;

export interface SignUpFormProps {
  /** Signs up; a rejection is shown on the form: its fields, and always the alert (spec §2). */
  onSubmit: (values: SignUpValues) => Promise<void> | void;
  pending?: boolean;
}

/** Spec §2 Sign-up: full name, username, email, password, all required; the button waits for all four. */
export function SignUpForm({ onSubmit, pending = false }: SignUpFormProps) {
  const { t } = useTranslation('auth');
  const form = useForm<SignUpValues>({
    defaultValues: { fullName: '', username: '', email: '', password: '' },
    resolver: zodResolver(SignUpFormSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const [fullName = '', username = '', email = '', password = ''] = useWatch({
    control: form.control,
    name: [...FIELDS],
  });
  const errorId = useId();
  const filled =
    fullName.trim() !== '' && username.trim() !== '' && email.trim() !== '' && password !== '';
  const shownError = formError(errors);

  const submit = submitHandler(form, (values) => onSubmit(values), {
    fields: FIELDS,
    rename: { name: 'fullName' },
    codes: { username_taken: 'username', email_taken: 'email' },
    message: (err) =>
      isApiError(err, 'validation_error') ? t('signUp.fixFields') : authErrorMessage(err, t),
    alwaysFormError: true,
  });

  return (
    <form
      className="auth-form"
      onSubmit={submit}
      noValidate
      aria-describedby={shownError ? errorId : undefined}
    >
      <Input
        label={t('fields.fullName')}
        autoComplete="name"
        required
        {...form.register('fullName')}
        error={fieldError(errors.fullName)}
      />
      <Input
        label={t('fields.username')}
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        required
        hint={errors.username ? undefined : t('fields.usernameHint')}
        {...form.register('username')}
        error={fieldError(errors.username)}
      />
      <EmailInput {...form.register('email')} error={fieldError(errors.email)} />
      <PasswordInput
        label={t('fields.password')}
        autoComplete="new-password"
        required
        hint={errors.password ? undefined : t('fields.passwordHint')}
        {...form.register('password')}
        error={fieldError(errors.password)}
      />
      <div id={errorId} className="auth-form__error" role="alert">
        {shownError}
      </div>
      <Button type="submit" size="lg" block disabled={!filled} loading={pending || isSubmitting}>
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
