import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { useChangePasswordMutation } from '../api/change-password';
import { apiErrorText } from '../utils/api-errors';
import { AccountSection } from './account-section';

type Field = 'current' | 'next' | 'confirm';
const EMPTY = { current: '', next: '', confirm: '' };

/** Change the password: the current one, the new one twice. Other sessions are signed out. */
export function PasswordForm() {
  const { t } = useTranslation('users');
  const { toast } = useToast();
  const mutation = useChangePasswordMutation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const filled = values.current !== '' && values.next !== '' && values.confirm !== '';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found: Partial<Record<Field, string>> = {};
    if (values.next.length < 8) found.next = t('account.passwordTooShort');
    else if (values.next === values.current) found.next = t('account.passwordSame');
    if (values.confirm !== values.next) found.confirm = t('account.passwordMismatch');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate(
      { currentPassword: values.current, newPassword: values.next },
      {
        onSuccess: () => {
          setValues(EMPTY);
          toast({ variant: 'success', title: t('account.passwordChanged') });
        },
        onError: (error) => {
          const text = apiErrorText(t, error);
          if (isApiError(error, 'wrong_password') || isApiError(error, 'invalid_credential'))
            setErrors({ current: text });
          else if (isApiError(error, 'weak_password')) setErrors({ next: text });
          else setFormError(text);
        },
      },
    );
  };

  const set = (field: Field) => (e: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  return (
    <AccountSection id="account-password" title={t('account.password')}>
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <Input
          label={t('account.currentPassword')}
          type="password"
          value={values.current}
          onChange={set('current')}
          error={errors.current}
          autoComplete="current-password"
        />
        <Input
          label={t('account.newPassword')}
          type="password"
          value={values.next}
          onChange={set('next')}
          error={errors.next}
          hint={t('account.passwordHint')}
          autoComplete="new-password"
          maxLength={128}
        />
        <Input
          label={t('account.confirmPassword')}
          type="password"
          value={values.confirm}
          onChange={set('confirm')}
          error={errors.confirm}
          autoComplete="new-password"
          maxLength={128}
        />
        {formError ? (
          <p className="account-form__error" role="alert">
            {formError}
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
