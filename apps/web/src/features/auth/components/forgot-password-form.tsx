import { zodResolver } from '@hookform/resolvers/zod';
import { RequestPasswordResetInputSchema } from '@otakura/shared';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { fieldError, formError, submitHandler } from '@/lib/forms';
import { authErrorMessage } from '../utils/auth-error';
import { EmailInput } from './email-input';
import './auth-form.css';

const ForgotSchema = RequestPasswordResetInputSchema.pick({ email: true });

export interface ForgotPasswordFormProps {
  /**
   * Asks for the link; a rejection is shown on the form: a `validation_error` under the email,
   * anything else in the message area (spec §2 "a failure message").
   */
  onSubmit: (values: { email: string }) => Promise<void> | void;
  /** The neutral confirmation shown after sending, whether or not the address has an account. */
  notice?: string | null;
  pending?: boolean;
}

/** Spec §2 Forgot password: an email field, a Forgot Password button and a Cancel link to /. */
export function ForgotPasswordForm({ onSubmit, notice, pending = false }: ForgotPasswordFormProps) {
  const { t } = useTranslation('auth');
  const form = useForm<{ email: string }>({
    defaultValues: { email: '' },
    resolver: zodResolver(ForgotSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const email = useWatch({ control: form.control, name: 'email' }) ?? '';
  const messageId = useId();
  const filled = email.trim() !== '';
  const error = formError(errors);

  const submit = submitHandler(form, (values) => onSubmit(values), {
    fields: ['email'],
    codes: { validation_error: 'email' },
    message: (err) =>
      isApiError(err, 'validation_error') ? t('errors.invalid_email') : authErrorMessage(err, t),
  });

  return (
    <form
      className="auth-form"
      onSubmit={submit}
      noValidate
      aria-describedby={error || notice ? messageId : undefined}
    >
      <EmailInput {...form.register('email')} error={fieldError(errors.email)} />
      <div id={messageId} className={error ? 'auth-form__error' : 'auth-form__notice'} role="alert">
        {error ?? notice}
      </div>
      <Button type="submit" size="lg" block disabled={!filled} loading={pending || isSubmitting}>
        {t('forgot.submit')}
      </Button>
      <p className="auth-form__switch">
        <Link to="/">{t('forgot.cancel')}</Link>
      </p>
    </form>
  );
}
