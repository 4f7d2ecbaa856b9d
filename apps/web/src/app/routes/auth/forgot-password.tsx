import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/components/page/page';
import { useChallenge } from '@/features/auth/api/get-challenge';
import { useRequestPasswordResetMutation } from '@/features/auth/api/request-password-reset';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { isApiError } from '@/lib/api-client';
import './auth-page.css';

/** Failures worth telling: they say nothing about which addresses have accounts. */
function isReportable(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return (
    error.status === 0 ||
    error.status >= 500 ||
    error.code === 'rate_limited' ||
    error.code === 'challenge_failed'
  );
}

/**
 * `/forgotPassword` and `/ForgotPassword`. Always the same neutral confirmation, whether or not the
 * address has an account (DESIGN.md); only a lost connection, a rate limit or a server failure is
 * reported, and a malformed address is marked on the field.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const challenge = useChallenge();
  const request = useRequestPasswordResetMutation();
  const [notice, setNotice] = useState<string | null>(null);
  useDocumentTitle(tc('titles.forgotPassword'));

  /** Reportable failures and a malformed address are thrown to the form, which shows them. */
  const submit = async ({ email }: { email: string }) => {
    setNotice(null);
    try {
      await challenge.run((headers) => request.mutateAsync({ email, headers }));
    } catch (e) {
      if (isReportable(e) || isApiError(e, 'validation_error')) throw e;
    }
    setNotice(t('forgot.sent'));
  };

  return (
    <div className="auth-page">
      <div className="auth-page__header">
        <h1>{t('forgot.title')}</h1>
        <p className="auth-page__subtitle">{t('forgot.subtitle')}</p>
      </div>
      <ForgotPasswordForm onSubmit={submit} notice={notice} pending={request.isPending} />
    </div>
  );
}
