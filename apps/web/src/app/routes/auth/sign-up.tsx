import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/components/page/page';
import { useToast } from '@/components/ui/toast';
import { useChallenge } from '@/features/auth/api/get-challenge';
import { useSignUpMutation } from '@/features/auth/api/sign-up';
import { SignUpForm, type SignUpValues } from '@/features/auth/components/sign-up-form';
import { authErrorMessage } from '@/features/auth/utils/auth-error';
import { isApiError } from '@/lib/api-client';
import { PRODUCT_NAME } from '@/lib/product';
import './auth-page.css';

/**
 * `/signUp` and `/SignUp`. The proof-of-work check is solved in the background while the visitor
 * types; on success the page says "check your inbox" — the server answers the same whether the
 * email is new or already has an account, and signs nobody in: the mailed link does. On failure:
 * the message in the error area and a toast, field messages under fields.
 */
export default function SignUpPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const challenge = useChallenge();
  const signUp = useSignUpMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  useDocumentTitle(tc('titles.signUp'));

  /** A failure is toasted, then thrown to the form: field messages under fields, the alert above. */
  const submit = async (values: SignUpValues) => {
    try {
      await challenge.run((headers) =>
        signUp.mutateAsync({
          input: {
            name: values.fullName,
            username: values.username,
            email: values.email,
            password: values.password,
          },
          headers,
        }),
      );
    } catch (e) {
      const message = isApiError(e, 'validation_error')
        ? t('signUp.fixFields')
        : authErrorMessage(e, t);
      toast({ variant: 'error', title: message });
      throw e;
    }
    setSentTo(values.email);
  };

  if (sentTo !== null) {
    return (
      <div className="auth-page">
        <div className="auth-page__header" role="status">
          <span className="auth-page__icon" aria-hidden="true">
            <MailCheck />
          </span>
          <h1>{t('signUp.checkInboxTitle')}</h1>
          <p className="auth-page__subtitle">
            <Trans
              t={t}
              i18nKey="signUp.checkInbox"
              values={{ email: sentTo }}
              components={{ strong: <strong /> }}
            />
          </p>
        </div>
        <p className="auth-page__footer">
          <Link to="/login">{t('reset.backToLogin')}</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="auth-page">
      <div className="auth-page__header">
        <h1>{t('signUp.title')}</h1>
        <p className="auth-page__subtitle">{t('signUp.subtitle', { product: PRODUCT_NAME })}</p>
      </div>
      <SignUpForm onSubmit={submit} pending={signUp.isPending} />
    </div>
  );
}
