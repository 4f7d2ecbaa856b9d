import { EmailSchema, type Me } from '@otakura/shared';
import { BadgeCheck, CircleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { useChangeEmailMutation } from '../api/change-email';
import { fieldErrorText } from '../utils/api-errors';
import { AccountSection } from './account-section';

/** The current email, and a change that takes effect once the mailed link is opened. */
export function EmailForm({ me }: { me: Me }) {
  const { t } = useTranslation('users');
  const mutation = useChangeEmailMutation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = EmailSchema.safeParse(value);
    if (!parsed.success) return setError(t('account.emailInvalid'));
    if (parsed.data === me.email.toLowerCase()) return setError(t('account.emailSame'));
    setError(null);
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        setSentTo(parsed.data);
        setValue('');
      },
      onError: (err) => setError(fieldErrorText(t, err, 'newEmail')),
    });
  };

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
      <form className="account-form account-form--inline" onSubmit={onSubmit} noValidate>
        <Input
          label={t('account.newEmail')}
          type="email"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          error={error ?? undefined}
          autoComplete="email"
          fieldClassName="account-form__grow"
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={value.trim() === ''}
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
