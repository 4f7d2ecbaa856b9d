import { useDocumentTitle } from '@/components/page/page';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import './auth-page.css';

/** `/forgotPassword` and `/ForgotPassword`. The accounts work wires the reset mail. */
export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  return (
    <div className="auth-page">
      <div className="auth-page__header">
        <h1>Forgot Password</h1>
        <p className="auth-page__subtitle">
          Enter your email and we will send you a link to reset your password.
        </p>
      </div>
      <ForgotPasswordForm onSubmit={() => undefined} />
    </div>
  );
}
