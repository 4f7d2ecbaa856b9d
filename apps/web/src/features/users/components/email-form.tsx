import { zodResolver } from '@hookform/resolvers/zod';
import { ChangeEmailInputSchema, type Me } from '@otakura/shared';
import { BadgeCheck, CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { apiErrorText } from '@/lib/api-error-text';
import { fieldError, submitHandler } from '@/lib/forms';
import { useChangeEmailMutation } from '../api/change-email';
import { AccountSection } from './account-section';

interface Values {
  newEmail: string;
}

const EmailOnlySchema = ChangeEmailInputSchema.pick({ newEmail: true });

/** The current email, and a change that takes effect once the mailed link is opened. */
export function EmailForm({ me }: { me: Me }) {
  const { t } = useTranslation('users');
  const mutation = useChangeEmailMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<Values, unknown, Values>({
    defaultValues: { newEmail: '' },
    resolver: zodResolver(EmailOnlySchema),
  });
  const { errors } = form.formState;
  const filled = (useWatch({ control: form.control, name: 'newEmail' }) ?? '').trim() !== '';

  const submit = submitHandler(
    form,
    async ({ newEmail }: Values) => {
      if (newEmail === me.email.toLowerCase()) {
        form.setError('newEmail', { type: 'same', message: t('account.emailSame') });
        return;
      }
      await mutation.mutateAsync(newEmail);
      setSentTo(newEmail);
      form.reset({ newEmail: '' });
    },
    { fields: ['newEmail'], otherErrorsOn: 'newEmail', message: (e) => apiErrorText(t, e) },
  );

  return (
    <AccountSection id="account-email" title={t('account.email')}>
      <div className="account-email__current">
        <span className="account-email__label">{t('account.currentEmail')}</span>
        <span className="account-email__value">{me.email}</span>
        {me.emailVerified ? (
          <span className="account-badge account-badge--ok">
            <BadgeCheck aria-hidden="true" />
            {t('account.verified')}
          </span>
        ) : (
          <span className="account-badge account-badge--warn">
            <CircleAlert aria-hidden="true" />
            {t('account.unverified')}
          </span>
        )}
      </div>
      <form className="account-form account-form--inline" onSubmit={submit} noValidate>
        <Input
          label={t('account.newEmail')}
          type="email"
          {...form.register('newEmail')}
          error={fieldError(errors.newEmail)}
          autoComplete="email"
          fieldClassName="account-form__grow"
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={!filled}
          loading={mutation.isPending}
          className="account-form__inline-button"
        >
          {t('account.changeEmail')}
        </Button>
      </form>
      {sentTo ? (
        <p className="account-notice" role="status">
          {t('account.emailSent', { email: me.email, newEmail: sentTo })}
        </p>
      ) : null}
    </AccountSection>
  );
}
