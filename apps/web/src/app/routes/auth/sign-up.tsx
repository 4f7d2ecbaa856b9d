import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '@/components/page/page';
import { useToast } from '@/components/ui/toast';
import { reloadSession } from '@/features/auth/api/auth-client';
import { useChallenge } from '@/features/auth/api/get-challenge';
import { useSignUpMutation } from '@/features/auth/api/sign-up';
import { SignUpForm, type SignUpValues } from '@/features/auth/components/sign-up-form';
import { authErrorMessage } from '@/features/auth/utils/auth-error';
import { isApiError } from '@/lib/api-client';
import { PRODUCT_NAME } from '@/lib/product';
import './auth-page.css';

/**
 * `/signUp` and `/SignUp`. The proof-of-work check is solved in the background while the visitor
 * types; on success the new (signed-in, unverified) user goes to /feed, where the verification
 * modal waits. On failure: the message in the error area and a toast, field messages under fields.
 */
export default function SignUpPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const { toast } = useToast();
  const challenge = useChallenge();
  const signUp = useSignUpMutation();
  const [finishing, setFinishing] = useState(false);
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
    setFinishing(true);
    await reloadSession();
    await navigate('/feed', { replace: true });
  };

  return (
    <div className="auth-page">
      <div className="auth-page__header">
        <h1>{t('signUp.title')}</h1>
        <p className="auth-page__subtitle">{t('signUp.subtitle', { product: PRODUCT_NAME })}</p>
      </div>
      <SignUpForm onSubmit={submit} pending={signUp.isPending || finishing} />
    </div>
  );
}
