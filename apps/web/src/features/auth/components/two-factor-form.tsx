import { VerifyBackupCodeInputSchema, VerifyTotpInputSchema } from '@otakura/shared';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { fieldError, formError, submitHandler } from '@/lib/forms';
import { zodResolverOf } from '@/lib/zod-resolver';
import { authErrorMessage } from '../utils/auth-error';
import './auth-form.css';

export type TwoFactorMethod = 'totp' | 'backup';

export interface TwoFactorValues {
  method: TwoFactorMethod;
  code: string;
  trustDevice: boolean;
}

interface FormValues {
  code: string;
  trustDevice: boolean;
}

const SCHEMAS = { totp: VerifyTotpInputSchema, backup: VerifyBackupCodeInputSchema } as const;

/** What is sent: the code without the spaces people copy along. */
const toInput = (values: FormValues) => ({
  code: values.code.replace(/\s+/g, ''),
  trustDevice: values.trustDevice,
});

export interface TwoFactorFormProps {
  /** Verifies the code; a rejection is shown on the form (the code field, else the error area). */
  onSubmit: (values: TwoFactorValues) => Promise<void> | void;
  /** Back to the email and password. */
  onBack: () => void;
  pending?: boolean;
}

/**
 * The sign-in's second step when two-factor is on: the 6-digit code from the authenticator app,
 * or one of the backup codes. Verify waits until the shared schema of the method accepts the code.
 */
export function TwoFactorForm({ onSubmit, onBack, pending = false }: TwoFactorFormProps) {
  const { t } = useTranslation('auth');
  const [method, setMethod] = useState<TwoFactorMethod>('totp');
  const form = useForm<FormValues, unknown, { code: string; trustDevice?: boolean }>({
    defaultValues: { code: '', trustDevice: false },
    resolver: zodResolverOf(SCHEMAS[method], toInput),
  });
  const { errors, isSubmitting } = form.formState;
  const code = useWatch({ control: form.control, name: 'code' }) ?? '';
  const errorId = useId();
  const ready = SCHEMAS[method].safeParse(toInput({ code, trustDevice: false })).success;
  const error = formError(errors);

  const submit = submitHandler(
    form,
    (values) => onSubmit({ method, code: values.code, trustDevice: values.trustDevice ?? false }),
    {
      fields: ['code'],
      message: (err) => authErrorMessage(err, t, { backupCode: method === 'backup' }),
    },
  );

  const switchMethod = () => {
    setMethod((m) => (m === 'totp' ? 'backup' : 'totp'));
    form.reset({ code: '', trustDevice: form.getValues('trustDevice') });
  };

  return (
    <form
      className="auth-form"
      onSubmit={submit}
      noValidate
      aria-describedby={error ? errorId : undefined}
    >
      <p className="auth-form__subtitle">
        {method === 'totp' ? t('twoFactorStep.subtitle') : t('twoFactorStep.backupSubtitle')}
      </p>
      <Controller
        control={form.control}
        name="code"
        render={({ field, fieldState }) => {
          const totp = method === 'totp';
          return (
            <Input
              key={method}
              label={totp ? t('twoFactorStep.code') : t('twoFactorStep.backupCode')}
              name={field.name}
              ref={field.ref}
              className="auth-form__code"
              autoComplete="one-time-code"
              {...(totp
                ? { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 }
                : { autoCapitalize: 'none', spellCheck: false })}
              autoFocus
              required
              value={field.value}
              onBlur={field.onBlur}
              onChange={(e) =>
                field.onChange(
                  totp ? e.target.value.replace(/\D/g, '').slice(0, 6) : e.target.value,
                )
              }
              error={fieldError(fieldState.error)}
            />
          );
        }}
      />
      <label className="auth-form__check">
        <input type="checkbox" {...form.register('trustDevice')} />
        {t('twoFactorStep.trustDevice')}
      </label>
      <div id={errorId} className="auth-form__error" role="alert">
        {error}
      </div>
      <Button type="submit" size="lg" block disabled={!ready} loading={pending || isSubmitting}>
        {t('twoFactorStep.submit')}
      </Button>
      <button type="button" className="auth-form__link-button" onClick={switchMethod}>
        {method === 'totp' ? t('twoFactorStep.useBackup') : t('twoFactorStep.useApp')}
      </button>
      <button type="button" className="auth-form__link-button" onClick={onBack}>
        {t('twoFactorStep.back')}
      </button>
    </form>
  );
}
