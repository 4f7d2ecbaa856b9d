import { useDocumentTitle } from '@/components/page/page';
import { LoginForm } from '@/features/auth/components/login-form';
import { PRODUCT_NAME } from '@/lib/product';
import './auth-page.css';

/** `/` and `/login`. The accounts work wires sign-in; this issue builds the layout and its rules. */
export default function LoginPage() {
  useDocumentTitle('Login');
  return (
    <div className="auth-page">
      <div className="auth-page__header">
        <h1>Login</h1>
        <p className="auth-page__subtitle">Welcome back to {PRODUCT_NAME}.</p>
      </div>
      <LoginForm onSubmit={() => undefined} />
    </div>
  );
}
