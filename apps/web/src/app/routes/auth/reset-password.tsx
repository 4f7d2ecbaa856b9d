import { LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/components/page/page';
import { Button } from '@/components/ui/button';
import { refreshSession } from '@/features/auth/api/auth-client';
import { useResetPasswordMutation } from '@/features/auth/api/reset-password';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import type { LoginNoticeState } from '@/features/auth/utils/redirect';
import { isApiError } from '@/lib/api-client';
import './auth-page.css';

type LinkProblem = 'invalid' | 'expired';

/**
 * `/reset-password?token=…`, where the mailed link leads (or `?error=INVALID_TOKEN|TOKEN_EXPIRED`).
 * A new password, typed twice; success goes to /login with a notice. A used, unknown or expired
 * link says so and offers to ask for a new one.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const reset = useResetPasswordMutation();
  const [problem, setProblem] = useState<LinkProblem | null>(null);
  useDocumentTitle(tc('titles.resetPassword'));

  const linkProblem: LinkProblem | null =
    problem ?? (linkError === 'TOKEN_EXPIRED' ? 'expired' : linkError || !token ? 'invalid' : null);

  /** A refused password or any other failure is thrown to the form, which shows it. */
  const submit = async ({ newPassword }: { newPassword: string }) => {
    if (!token) return;
    try {
      await reset.mutateAsync({ newPassword, token });
    } catch (e) {
      if (isApiError(e, 'invalid_token')) return setProblem('invalid');
      if (isApiError(e, 'expired_token')) return setProblem('expired');
      if (isApiError(e, 'validation_error')) {
        const paths = (e.details ?? []).map((d) => d.path);
        if (paths.includes('token') && !paths.includes('newPassword')) return setProblem('invalid');
      }
      throw e;
    }
    // Every session of the account ended, this browser's too if it was signed in.
    refreshSession();
    const state: LoginNoticeState = { notice: 'password-reset' };
    await navigate('/login', { replace: true, state });
  };

  if (linkProblem) {
    return (
      <div className="auth-page">
        <div className="auth-page__header">
          <span className="auth-page__icon" aria-hidden="true">
            <LinkIcon />
          </span>
          <h1>{t('reset.invalidTitle')}</h1>
          <p className="auth-page__subtitle" role="alert">
            {linkProblem === 'expired' ? t('reset.expiredLink') : t('reset.invalidLink')}
          </p>
        </div>
        <Button asChild size="lg" block>
          <Link to="/forgotPassword">{t('reset.askAgain')}</Link>
        </Button>
        <p className="auth-page__footer">
          <Link to="/login">{t('reset.backToLogin')}</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="auth-page">
      <div className="auth-page__header">
        <h1>{t('reset.title')}</h1>
        <p className="auth-page__subtitle">{t('reset.subtitle')}</p>
      </div>
      <ResetPasswordForm onSubmit={submit} pending={reset.isPending} />
    </div>
  );
}
