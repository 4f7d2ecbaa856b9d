import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordSchema, TwoFactorPasswordInputSchema } from '@otakura/shared';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { apiErrorText } from '@/lib/api-error-text';
import { fieldError, formError, submitHandler } from '@/lib/forms';
import { useChangePasswordMutation } from '../api/change-password';
import { AccountSection } from './account-section';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** Change the password: the current one, the new one twice. Other sessions are signed out. */
export function PasswordForm() {
  const { t } = useTranslation('users');
  const { toast } = useToast();
  const mutation = useChangePasswordMutation();
  const schema = useMemo(
    () =>
      z
        .object({
          currentPassword: TwoFactorPasswordInputSchema.shape.password,
          newPassword: PasswordSchema,
          confirmPassword: z.string(),
        })
        .refine((v) => v.newPassword === v.confirmPassword, {
          path: ['confirmPassword'],
          message: t('account.passwordMismatch'),
        })
        .refine((v) => v.newPassword !== v.currentPassword, {
          path: ['newPassword'],
          message: t('account.passwordSame'),
        }),
    [t],
  );
  const form = useForm<Values>({ defaultValues: EMPTY, resolver: zodResolver(schema) });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control });
  const filled = FIELDS.every((f) => (values[f] ?? '') !== '');

  const submit = submitHandler(
    form,
    async ({ currentPassword, newPassword }: Values) => {
      await mutation.mutateAsync({ currentPassword, newPassword });
      form.reset(EMPTY);
      toast({ variant: 'success', title: t('account.passwordChanged') });
    },
    {
      fields: FIELDS,
      codes: {
        wrong_password: 'currentPassword',
        invalid_credential: 'currentPassword',
        weak_password: 'newPassword',
      },
      message: (e) => apiErrorText(t, e),
    },
  );

  const serverError = formError(errors);
  return (
    <AccountSection id="account-password" title={t('account.password')}>
      <form className="account-form" onSubmit={submit} noValidate>
        <Input
          label={t('account.currentPassword')}
          type="password"
          {...form.register('currentPassword')}
          error={fieldError(errors.currentPassword)}
          autoComplete="current-password"
        />
        <Input
          label={t('account.newPassword')}
          type="password"
          {...form.register('newPassword')}
          error={fieldError(errors.newPassword)}
          hint={t('account.passwordHint')}
          autoComplete="new-password"
          maxLength={128}
        />
        <Input
          label={t('account.confirmPassword')}
          type="password"
          {...form.register('confirmPassword')}
          error={fieldError(errors.confirmPassword)}
          autoComplete="new-password"
          maxLength={128}
        />
        {serverError ? (
          <p className="account-form__error" role="alert">
            {serverError}
          </p>
        ) : null}
        <div className="account-form__actions">
          <Button type="submit" disabled={!filled} loading={mutation.isPending}>
            {t('account.changePassword')}
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
