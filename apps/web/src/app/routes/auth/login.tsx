import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentTitle } from '@/components/page/page';
import { reloadSession } from '@/features/auth/api/auth-client';
import { useSignInMutation } from '@/features/auth/api/sign-in';
import {
  useVerifyBackupCodeMutation,
  useVerifyTotpMutation,
} from '@/features/auth/api/verify-two-factor';
import { LoginForm, type LoginValues } from '@/features/auth/components/login-form';
import type {
  TwoFactorForm as TwoFactorFormComponent,
  TwoFactorValues,
} from '@/features/auth/components/two-factor-form';
import { authErrorMessage } from '@/features/auth/utils/auth-error';
import { redirectTarget, type LoginNoticeState } from '@/features/auth/utils/redirect';
import { isApiError } from '@/lib/api-client';
import { networkError } from '@/lib/api-error';
import { PRODUCT_NAME } from '@/lib/product';
import './auth-page.css';

/**
 * The second step only accounts with two-factor see: its own chunk (with its zod schemas),
 * fetched when the sign-in answers that a code is needed, before the step is shown.
 */
async function loadTwoFactorForm(): Promise<typeof TwoFactorFormComponent> {
  try {
    return (await import('@/features/auth/components/two-factor-form')).TwoFactorForm;
  } catch (error) {
    console.error('could not load the two-factor form', error);
    throw networkError();
  }
}

/**
 * `/` and `/login`. Navigates only when the sign-in succeeded (DESIGN.md), to the page the visitor
 * wanted or /feed; every failure is shown in the error area. With two-factor on, asks for a code.
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [step, setStep] = useState<'credentials' | 'two-factor'>('credentials');
  const [TwoFactorForm, setTwoFactorForm] = useState<typeof TwoFactorFormComponent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const signIn = useSignInMutation();
  const verifyTotp = useVerifyTotpMutation();
  const verifyBackup = useVerifyBackupCodeMutation();
  useDocumentTitle(tc('titles.login'));

  const notice =
    step === 'credentials' &&
    (location.state as LoginNoticeState | null)?.notice === 'password-reset'
      ? t('login.passwordChanged')
      : null;

  /** Signed in: wait until the session store knows, then leave. */
  const finish = async () => {
    setFinishing(true);
    await reloadSession();
    await navigate(redirectTarget(location.state), { replace: true });
  };

  /** A failure is thrown to the form, which shows it (spec §8 words). */
  const submitCredentials = async (values: LoginValues) => {
    setError(null);
    const result = await signIn.mutateAsync(values);
    if ('twoFactorRedirect' in result && result.twoFactorRedirect) {
      const form = TwoFactorForm ?? (await loadTwoFactorForm());
      setTwoFactorForm(() => form);
      setStep('two-factor');
      return;
    }
    await finish();
  };

  const submitCode = async ({ method, code, trustDevice }: TwoFactorValues) => {
    setError(null);
    try {
      if (method === 'totp') await verifyTotp.mutateAsync({ code, trustDevice });
      else await verifyBackup.mutateAsync({ code, trustDevice });
    } catch (e) {
      // The pending sign-in is over: start again from the password.
      if (isApiError(e, 'two_factor_expired') || (isApiError(e, 'rate_limited') && !e.retryAfter)) {
        setStep('credentials');
        setError(
          isApiError(e, 'rate_limited') ? t('errors.two_factor_locked') : authErrorMessage(e, t),
        );
        return;
      }
      throw e; // the form says it
    }
    await finish();
  };

  const twoFactor = step === 'two-factor' && TwoFactorForm !== null;
  return (
    <div className="auth-page">
      <div className="auth-page__header">
        <h1>{twoFactor ? t('twoFactorStep.title') : t('login.title')}</h1>
        {twoFactor ? null : (
          <p className="auth-page__subtitle">{t('login.subtitle', { product: PRODUCT_NAME })}</p>
        )}
      </div>
      {twoFactor ? (
        <TwoFactorForm
          onSubmit={submitCode}
          onBack={() => {
            setError(null);
            setStep('credentials');
          }}
          pending={verifyTotp.isPending || verifyBackup.isPending || finishing}
        />
      ) : (
        <LoginForm
          onSubmit={submitCredentials}
          error={error}
          notice={notice}
          pending={signIn.isPending || finishing}
        />
      )}
    </div>
  );
}
