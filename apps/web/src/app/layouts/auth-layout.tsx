import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { Skeleton } from '@/components/ui/skeleton';
import { PRODUCT_NAME } from '@/lib/product';
import { RouteSuspense } from './route-suspense';
import './auth-layout.css';

/** While a sign-in page's code loads: a title and two fields, 'Loading...' for screen readers. */
function AuthCardSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="auth-layout__pending" role="status">
      <span className="visually-hidden">{t('loading')}</span>
      <Skeleton width="45%" height={28} />
      <Skeleton height={44} />
      <Skeleton height={44} />
      <Skeleton height={44} style={{ borderRadius: 'var(--radius-control)' }} />
    </div>
  );
}

/** Login, sign-up and forgot password: a centred card over a soft gradient. */
export function AuthLayout() {
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
          <RouteSuspense fallback={<AuthCardSkeleton />} />
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
