import { useQueryClient } from '@tanstack/react-query';
import { Copy, Download, ShieldCheck, ShieldOff } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { PRODUCT_NAME } from '@/lib/product';
import { reloadSession, type SessionUser } from '../api/auth-client';
import { authKeys } from '../api/auth-keys';
import { useDisableTwoFactorMutation } from '../api/disable-two-factor';
import { useEnableTwoFactorMutation } from '../api/enable-two-factor';
import { useVerifyTotpMutation } from '../api/verify-two-factor';
import { authErrorMessage } from '../utils/auth-error';
import { PasswordInput } from './password-input';
import './security.css';

type Phase =
  | { name: 'idle' }
  | { name: 'enable-password' }
  | { name: 'scan'; totpURI: string; backupCodes: string[] }
  | { name: 'codes'; backupCodes: string[] }
  | { name: 'disable-password' };

/** The key to type in by hand: the `secret` of the otpauth:// URI. */
export function secretOf(totpURI: string): string {
  const match = /[?&]secret=([^&]+)/i.exec(totpURI);
  return match?.[1] ? decodeURIComponent(match[1]) : '';
}

/** "ABCD EFGH …": easier to read and type. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * /security, two-factor (DESIGN.md: TOTP that works): enable with the password, scan the QR code
 * (or type the key), confirm with a code, keep the backup codes (shown once); disable with the
 * password after a confirmation.
 */
export function TwoFactorSettings({ user }: { user: SessionUser }) {
  const { t } = useTranslation('auth');
  const enabled = Boolean(user.twoFactorEnabled);
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const headingId = useId();

  return (
    <Card asChild padding="lg" className="security-card">
      <section aria-labelledby={headingId}>
        <div className="security-card__header">
          <div className="security-card__titles">
            <h2 id={headingId} className="security-card__title">
              {t('security.twoFactor.heading')}
            </h2>
            <p className="security-card__description">{t('security.twoFactor.description')}</p>
          </div>
          <span
            className={enabled ? 'security-badge security-badge--on' : 'security-badge'}
            aria-hidden="true"
          >
            {enabled ? t('security.twoFactor.on') : t('security.twoFactor.off')}
          </span>
        </div>

        {phase.name === 'idle' ? (
          <div className="security-card__row">
            <p className="security-status" role="status">
              {enabled ? (
                <ShieldCheck
                  className="security-status__icon security-status__icon--on"
                  aria-hidden="true"
                />
              ) : (
                <ShieldOff className="security-status__icon" aria-hidden="true" />
              )}
              {enabled ? t('security.twoFactor.statusOn') : t('security.twoFactor.statusOff')}
            </p>
            {enabled ? (
              <Button variant="secondary" onClick={() => setPhase({ name: 'disable-password' })}>
                {t('security.twoFactor.disable')}
              </Button>
            ) : (
              <Button onClick={() => setPhase({ name: 'enable-password' })}>
                {t('security.twoFactor.enable')}
              </Button>
            )}
          </div>
        ) : null}

        {phase.name === 'enable-password' ? (
          <EnablePasswordStep
            onCancel={() => setPhase({ name: 'idle' })}
            onEnabled={(result) => setPhase({ name: 'scan', ...result })}
          />
        ) : null}

        {phase.name === 'scan' ? (
          <ScanStep
            totpURI={phase.totpURI}
            onCancel={() => setPhase({ name: 'idle' })}
            onConfirmed={() => setPhase({ name: 'codes', backupCodes: phase.backupCodes })}
          />
        ) : null}

        {phase.name === 'codes' ? (
          <BackupCodes
            codes={phase.backupCodes}
            email={user.email}
            onDone={() => setPhase({ name: 'idle' })}
          />
        ) : null}

        {phase.name === 'disable-password' ? (
          <DisableStep onDone={() => setPhase({ name: 'idle' })} />
        ) : null}
      </section>
    </Card>
  );
}

function EnablePasswordStep({
  onCancel,
  onEnabled,
}: {
  onCancel: () => void;
  onEnabled: (result: { totpURI: string; backupCodes: string[] }) => void;
}) {
  const { t } = useTranslation('auth');
  const enable = useEnableTwoFactorMutation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password || enable.isPending) return;
    setError(null);
    try {
      onEnabled(await enable.mutateAsync(password));
    } catch (e) {
      setError(authErrorMessage(e, t));
    }
  };

  return (
    <form className="security-form" onSubmit={(e) => void submit(e)} noValidate>
      <PasswordInput
        label={t('fields.password')}
        hint={error ? undefined : t('security.twoFactor.passwordPrompt')}
        error={error}
        name="password"
        autoComplete="current-password"
        autoFocus
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="security-form__actions">
        <Button type="submit" disabled={!password} loading={enable.isPending}>
          {t('security.twoFactor.continue')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={enable.isPending}>
          {t('security.twoFactor.cancel')}
        </Button>
      </div>
    </form>
  );
}

function useQrDataUrl(text: string): string | null {
  const [url, setUrl] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    let live = true;
    // SVG: crisp at any size, and no canvas needed.
    // qrcode is only needed on this step: its own chunk, loaded when the step shows.
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      )
      .then((svg) => {
        if (live)
          setUrl({ text, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return url?.text === text ? url.url : null;
}

function ScanStep({
  totpURI,
  onCancel,
  onConfirmed,
}: {
  totpURI: string;
  onCancel: () => void;
  onConfirmed: () => void;
}) {
  const { t } = useTranslation('auth');
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const verify = useVerifyTotpMutation();
  const qr = useQrDataUrl(totpURI);
  const secret = secretOf(totpURI);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ready = /^\d{6}$/.test(code);

  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ variant: 'success', title: t('security.twoFactor.copied') });
    } catch {
      toast({ variant: 'error', title: t('security.twoFactor.copyFailed') });
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready || verify.isPending) return;
    setError(null);
    try {
      await verify.mutateAsync({ code });
    } catch (e) {
      setError(
        isApiError(e, 'validation_error') ? t('errors.code_format') : authErrorMessage(e, t),
      );
      return;
    }
    // Turning two-factor on replaced this session: fetch it again, with twoFactorEnabled.
    await reloadSession();
    void queryClient.invalidateQueries({ queryKey: authKeys.sessions() });
    toast({ variant: 'success', title: t('security.twoFactor.enabled') });
    onConfirmed();
  };

  return (
    <div className="security-setup">
      <section className="security-setup__step">
        <h3 className="security-setup__title">{t('security.twoFactor.scanTitle')}</h3>
        <p className="security-card__description">{t('security.twoFactor.scanDescription')}</p>
        <div className="security-qr">
          {qr ? (
            <img
              className="security-qr__image"
              src={qr}
              width={184}
              height={184}
              alt={t('security.twoFactor.qrAlt', { product: PRODUCT_NAME })}
            />
          ) : (
            <Skeleton width={184} height={184} />
          )}
        </div>
        <p className="security-card__description">{t('security.twoFactor.manualEntry')}</p>
        <div className="security-secret">
          <code className="security-secret__value">{grouped(secret)}</code>
          <Button variant="secondary" size="sm" onClick={() => void copyKey()}>
            <Copy aria-hidden="true" />
            {t('security.twoFactor.copyKey')}
          </Button>
        </div>
      </section>
      <form className="security-setup__step" onSubmit={(e) => void submit(e)} noValidate>
        <h3 className="security-setup__title">{t('security.twoFactor.confirmTitle')}</h3>
        <p className="security-card__description">{t('security.twoFactor.confirmDescription')}</p>
        <Input
          label={t('twoFactorStep.code')}
          name="code"
          className="security-code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          required
          error={error}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        <div className="security-form__actions">
          <Button type="submit" disabled={!ready} loading={verify.isPending}>
            {t('security.twoFactor.confirm')}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={verify.isPending}>
            {t('security.twoFactor.cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}

function BackupCodes({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  email: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('auth');
  const { toast } = useToast();
  const text = codes.join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ variant: 'success', title: t('security.twoFactor.copied') });
    } catch {
      toast({ variant: 'error', title: t('security.twoFactor.copyFailed') });
    }
  };

  const download = () => {
    const header = t('security.twoFactor.backupFileHeader', { product: PRODUCT_NAME, email });
    const blob = new Blob([`${header}\n\n${text}\n`], { type: 'text/plain;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${PRODUCT_NAME.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-backup-codes.txt`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="security-codes">
      <h3 className="security-setup__title">{t('security.twoFactor.backupTitle')}</h3>
      <p className="security-card__description">{t('security.twoFactor.backupDescription')}</p>
      <ul className="security-codes__list" aria-label={t('security.twoFactor.backupListLabel')}>
        {codes.map((code) => (
          <li key={code} className="security-codes__code">
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="security-form__actions">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t('security.twoFactor.copyCodes')}
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download aria-hidden="true" />
          {t('security.twoFactor.downloadCodes')}
        </Button>
        <Button className="security-form__push" onClick={onDone}>
          {t('security.twoFactor.done')}
        </Button>
      </div>
    </div>
  );
}

function DisableStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const disable = useDisableTwoFactorMutation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password) setConfirming(true);
  };

  const confirm = async () => {
    setError(null);
    try {
      await disable.mutateAsync(password);
    } catch (e) {
      // The dialog closes; the reason shows on the password field.
      setError(authErrorMessage(e, t));
      return;
    }
    await reloadSession();
    void queryClient.invalidateQueries({ queryKey: authKeys.sessions() });
    toast({ variant: 'success', title: t('security.twoFactor.disabled') });
    onDone();
  };

  return (
    <form className="security-form" onSubmit={submit} noValidate>
      <PasswordInput
        label={t('fields.password')}
        hint={error ? undefined : t('security.twoFactor.passwordPrompt')}
        error={error}
        name="password"
        autoComplete="current-password"
        autoFocus
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="security-form__actions">
        <Button type="submit" variant="danger" disabled={!password} loading={disable.isPending}>
          {t('security.twoFactor.disable')}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={disable.isPending}>
          {t('security.twoFactor.cancel')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('security.twoFactor.disableQuestion')}
        description={t('security.twoFactor.disableDescription')}
        confirmLabel={t('security.twoFactor.disableConfirm')}
        cancelLabel={t('security.twoFactor.cancel')}
        onConfirm={confirm}
      />
    </form>
  );
}
