import { LIMITS, RESERVED_USERNAMES, type Me, type UpdateAccountInput } from '@otakura/shared';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { useUpdateAccountMutation } from '../api/update-account';
import { apiErrorText, fieldErrors } from '../utils/api-errors';
import { AccountSection } from './account-section';

type Field = 'name' | 'username' | 'phone';
const PHONE = /^\+?[0-9 ()-]{6,20}$/;

/** Full name, username (editable, unique in any case) and phone (optional). */
export function AccountDetailsForm({ me }: { me: Me }) {
  const { t } = useTranslation('users');
  const { toast } = useToast();
  const mutation = useUpdateAccountMutation();
  const [values, setValues] = useState({
    name: me.name,
    username: me.username,
    phone: me.phone ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const changes: UpdateAccountInput = {};
  if (values.name.trim() !== me.name) changes.name = values.name.trim();
  if (values.username.trim() !== me.username) changes.username = values.username.trim();
  if (values.phone.trim() !== (me.phone ?? '')) changes.phone = values.phone.trim() || null;
  const dirty = Object.keys(changes).length > 0;

  const validate = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    const name = values.name.trim();
    if (!name || name.length > 80) found.name = t('account.nameRequired');
    const u = values.username.trim();
    if (u.length < LIMITS.usernameMin || u.length > LIMITS.usernameMax)
      found.username = t('account.usernameLength');
    else if (!/^[A-Za-z0-9_.]+$/.test(u)) found.username = t('account.usernameChars');
    else if (
      RESERVED_USERNAMES.has(u.toLowerCase()) &&
      u.toLowerCase() !== me.username.toLowerCase()
    )
      found.username = t('account.usernameReserved');
    const phone = values.phone.trim();
    if (phone && !PHONE.test(phone)) found.phone = t('account.phoneInvalid');
    return found;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || !dirty) return;
    mutation.mutate(changes, {
      onSuccess: (next) => {
        setValues({ name: next.name, username: next.username, phone: next.phone ?? '' });
        toast({ variant: 'success', title: t('account.saved') });
      },
      onError: (error) => {
        const byField = fieldErrors(error) as Partial<Record<Field, string>>;
        if (isApiError(error, 'username_taken')) byField.username = apiErrorText(t, error);
        const known = (['name', 'username', 'phone'] as const).some((f) => byField[f]);
        setErrors(byField);
        if (!known) setFormError(apiErrorText(t, error));
      },
    });
  };

  const set = (field: Field) => (e: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  return (
    <AccountSection id="account-details" title={t('account.details')}>
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <Input
          label={t('account.username')}
          value={values.username}
          onChange={set('username')}
          error={errors.username}
          hint={t('account.usernameHint')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={LIMITS.usernameMax}
        />
        <Input
          label={t('account.name')}
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          autoComplete="name"
          maxLength={80}
        />
        <Input
          label={t('account.phone')}
          type="tel"
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
          hint={t('account.phoneHint')}
          placeholder={t('account.phonePlaceholder')}
          autoComplete="tel"
          maxLength={20}
        />
        {formError ? (
          <p className="account-form__error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="account-form__actions">
          <Button type="submit" disabled={!dirty} loading={mutation.isPending}>
            {t('account.save')}
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
