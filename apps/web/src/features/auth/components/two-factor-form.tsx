import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import './auth-form.css';

export type TwoFactorMethod = 'totp' | 'backup';

export interface TwoFactorValues {
  method: TwoFactorMethod;
  code: string;
  trustDevice: boolean;
}

export interface TwoFactorFormProps {
  onSubmit: (values: TwoFactorValues) => void;
  /** Back to the email and password. */
  onBack: () => void;
  error?: string | null;
  pending?: boolean;
}

const TOTP = /^\d{6}$/;

/**
 * The sign-in's second step when two-factor is on: the 6-digit code from the authenticator app,
 * or one of the backup codes.
 */
export function TwoFactorForm({ onSubmit, onBack, error, pending = false }: TwoFactorFormProps) {
  const { t } = useTranslation('auth');
  const [method, setMethod] = useState<TwoFactorMethod>('totp');
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const errorId = useId();
  const trimmed = code.replace(/\s+/g, '');
  const ready = method === 'totp' ? TOTP.test(trimmed) : trimmed !== '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready || pending) return;
    onSubmit({ method, code: trimmed, trustDevice });
  };

  const switchMethod = () => {
    setMethod((m) => (m === 'totp' ? 'backup' : 'totp'));
    setCode('');
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
      {method === 'totp' ? (
        <Input
          key="totp"
          label={t('twoFactorStep.code')}
          name="code"
          className="auth-form__code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          autoFocus
          required
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
      ) : (
        <Input
          key="backup"
          label={t('twoFactorStep.backupCode')}
          name="backupCode"
          className="auth-form__code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      )}
      <label className="auth-form__check">
        <input
          type="checkbox"
          checked={trustDevice}
          onChange={(e) => setTrustDevice(e.target.checked)}
        />
        {t('twoFactorStep.trustDevice')}
      </label>
      <div id={errorId} className="auth-form__error" role="alert">
        {error}
      </div>
      <Button type="submit" size="lg" block disabled={!ready} loading={pending}>
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
