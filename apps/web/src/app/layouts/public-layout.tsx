import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { LoadingScreen } from '@/components/page/loading-screen';
import { PRODUCT_NAME } from '@/lib/product';
import { RouteSuspense } from './route-suspense';
import './public-layout.css';

/**
 * Legal pages: readable for visitors and members alike. While a page's code loads, the loading
 * screen stands in for the whole frame, as it does before any page.
 */
export function PublicLayout() {
  return (
    <RouteSuspense fallback={<LoadingScreen />}>
      <PublicFrame />
    </RouteSuspense>
  );
}

function PublicFrame() {
  const { t } = useTranslation();
  return (
    <div className="public-layout">
      <header className="public-layout__bar">
        <Link
          to="/"
          className="public-layout__brand"
          aria-label={t('homeOf', { name: PRODUCT_NAME })}
        >
          <Logo />
        </Link>
      </header>
      <main id="main" className="public-layout__main">
        <Outlet />
      </main>
    </div>
  );
}
