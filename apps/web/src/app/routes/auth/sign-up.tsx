import { useDocumentTitle } from '@/components/page/page';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { PRODUCT_NAME } from '@/lib/product';
import './auth-page.css';

/** `/signUp` and `/SignUp`. The accounts work wires sign-up. */
export default function SignUpPage() {
  useDocumentTitle('Sign Up');
  return (
    <div className="auth-page">
      <div className="auth-page__header">
        <h1>Sign Up</h1>
        <p className="auth-page__subtitle">Join {PRODUCT_NAME}, the home of anime fans.</p>
      </div>
      <SignUpForm onSubmit={() => undefined} />
    </div>
  );
}
