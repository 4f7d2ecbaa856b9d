import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/brand/logo';
import './auth-layout.css';

/** Login, sign-up and forgot password: a centred card over a soft gradient. */
export function AuthLayout() {
  return (
    <div className="auth-layout">
      <div className="auth-layout__glow" aria-hidden="true" />
      <main className="auth-layout__main">
        <Link to="/" className="auth-layout__brand" aria-label="Home">
          <Logo />
        </Link>
        <div className="auth-layout__card">
          <Outlet />
        </div>
        <nav className="auth-layout__legal" aria-label="Legal">
          <Link to="/terms-and-conditions">Terms and Conditions</Link>
          <span aria-hidden="true">·</span>
          <Link to="/privacy-policy">Privacy Policy</Link>
        </nav>
      </main>
    </div>
  );
}
