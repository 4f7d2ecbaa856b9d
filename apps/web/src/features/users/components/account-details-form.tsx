import {
  LIMITS,
  UpdateAccountInputSchema,
  type Me,
  type UpdateAccountInput,
} from '@otakura/shared';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { apiErrorText } from '@/lib/api-error-text';
import { fieldError, formError, submitHandler } from '@/lib/forms';
import { zodResolverOf } from '@/lib/zod-resolver';
import { useUpdateAccountMutation } from '../api/update-account';
import { AccountSection } from './account-section';

interface Values {
  name: string;
  username: string;
  phone: string;
}

const FIELDS = ['name', 'username', 'phone'] as const;

const valuesOf = (me: Me): Values => ({
  name: me.name,
  username: me.username,
  phone: me.phone ?? '',
});

/** Only what changed is sent, and checked: a username kept as it is needs no check. */
function changesOf(values: Values, me: Me): UpdateAccountInput {
  const changes: UpdateAccountInput = {};
  if (values.name.trim() !== me.name) changes.name = values.name;
  if (values.username.trim() !== me.username) changes.username = values.username;
  if (values.phone.trim() !== (me.phone ?? '')) changes.phone = values.phone.trim() || null;
  return changes;
}

/** Full name, username (editable, unique in any case) and phone (optional). */
export function AccountDetailsForm({ me }: { me: Me }) {
  const { t } = useTranslation('users');
  const { toast } = useToast();
  const mutation = useUpdateAccountMutation();
  const form = useForm<Values, unknown, UpdateAccountInput>({
    defaultValues: valuesOf(me),
    resolver: zodResolverOf(UpdateAccountInputSchema, (values: Values) => changesOf(values, me)),
  });
  const { errors } = form.formState;
  const dirty =
    Object.keys(changesOf(useWatch({ control: form.control }) as Values, me)).length > 0;

  const submit = submitHandler(
    form,
    async (changes: UpdateAccountInput) => {
      if (Object.keys(changes).length === 0) return;
      const next = await mutation.mutateAsync(changes);
      form.reset(valuesOf(next));
      toast({ variant: 'success', title: t('account.saved') });
    },
    {
      fields: FIELDS,
      codes: { username_taken: 'username' },
      message: (e) => apiErrorText(t, e),
    },
  );

  const serverError = formError(errors);
  return (
    <AccountSection id="account-details" title={t('account.details')}>
      <form className="account-form" onSubmit={submit} noValidate>
        <Input
          label={t('account.username')}
          {...form.register('username')}
          error={fieldError(errors.username)}
          hint={t('account.usernameHint')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={LIMITS.usernameMax}
        />
        <Input
          label={t('account.name')}
          {...form.register('name')}
          error={fieldError(errors.name)}
          autoComplete="name"
          maxLength={80}
        />
        <Input
          label={t('account.phone')}
          type="tel"
          {...form.register('phone')}
          error={fieldError(errors.phone)}
          hint={t('account.phoneHint')}
          placeholder={t('account.phonePlaceholder')}
          autoComplete="tel"
          maxLength={20}
        />
        {serverError ? (
          <p className="account-form__error" role="alert">
            {serverError}
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
