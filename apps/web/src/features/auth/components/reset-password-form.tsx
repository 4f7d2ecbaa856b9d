import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordSchema } from '@otakura/shared';
import { useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { fieldError, formError, submitHandler } from '@/lib/forms';
import { authErrorMessage } from '../utils/auth-error';
import { PasswordInput } from './password-input';
import './auth-form.css';

interface Values {
  newPassword: string;
  confirmPassword: string;
}

export interface ResetPasswordFormProps {
  /**
   * Sets the password; a rejection is shown on the form: a `validation_error` under the new
   * password, anything else in the error area.
   */
  onSubmit: (values: { newPassword: string }) => Promise<void> | void;
  pending?: boolean;
}

/** The page the mailed reset link opens: a new password, typed twice. */
export function ResetPasswordForm({ onSubmit, pending = false }: ResetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const schema = useMemo(
    () =>
      z
        .object({ newPassword: PasswordSchema, confirmPassword: z.string() })
        .refine((v) => v.newPassword === v.confirmPassword, {
          path: ['confirmPassword'],
          message: t('reset.mismatch'),
        }),
    [t],
  );
  const form = useForm<Values>({
    defaultValues: { newPassword: '', confirmPassword: '' },
    resolver: zodResolver(schema),
  });
  const { errors, isSubmitting } = form.formState;
  const [newPassword = '', confirmPassword = ''] = useWatch({
    control: form.control,
    name: ['newPassword', 'confirmPassword'],
  });
  const errorId = useId();
  const filled = newPassword !== '' && confirmPassword !== '';
  const error = formError(errors);

  const submit = submitHandler(
    form,
    ({ newPassword: password }) => onSubmit({ newPassword: password }),
    {
      fields: ['newPassword'],
      codes: { validation_error: 'newPassword' },
      message: (err) => authErrorMessage(err, t),
    },
  );

  return (
    <form
      className="auth-form"
      onSubmit={submit}
      noValidate
      aria-describedby={error ? errorId : undefined}
    >
      <PasswordInput
        label={t('fields.newPassword')}
        autoComplete="new-password"
        required
        hint={errors.newPassword ? undefined : t('fields.passwordHint')}
        {...form.register('newPassword')}
        error={fieldError(errors.newPassword)}
      />
      <PasswordInput
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        required
        {...form.register('confirmPassword')}
        error={fieldError(errors.confirmPassword)}
      />
      <div id={errorId} className="auth-form__error" role="alert">
        {error}
      </div>
      <Button type="submit" size="lg" block disabled={!filled} loading={pending || isSubmitting}>
        {t('reset.submit')}
      </Button>
    </form>
  );
}
