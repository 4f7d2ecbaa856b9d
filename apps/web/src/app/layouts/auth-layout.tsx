import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { LoadingScreen } from '@/components/page/loading-screen';
import { PRODUCT_NAME } from '@/lib/product';
import { RouteSuspense } from './route-suspense';
import './auth-layout.css';

/**
 * Login, sign-up and forgot password: a centred card over a soft gradient. While a page's code
 * loads, the loading screen stands in for the whole frame (as it does before any page), so the
 * card never changes height under the visitor's eyes.
 */
export function AuthLayout() {
  return (
    <RouteSuspense fallback={<LoadingScreen />}>
      <AuthFrame />
    </RouteSuspense>
  );
}

function AuthFrame() {
  const { t } = useTranslation();
  return (
    <div className="auth-layout">
      <div className="auth-layout__glow" aria-hidden="true" />
      <main className="auth-layout__main">
        <Link
          to="/"
          className="auth-layout__brand"
          aria-label={t('homeOf', { name: PRODUCT_NAME })}
        >
          <Logo />
        </Link>
        <div className="auth-layout__card">
          <Outlet />
        </div>
        <nav className="auth-layout__legal" aria-label={t('legal.label')}>
          <Link to="/terms-and-conditions">{t('legal.terms')}</Link>
          <span aria-hidden="true">·</span>
          <Link to="/privacy-policy">{t('legal.privacy')}</Link>
        </nav>
      </main>
    </div>
  );
}
