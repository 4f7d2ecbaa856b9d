import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { PRODUCT_NAME } from '@/lib/product';
import { PageSkeleton } from './page-skeleton';
import { RouteSuspense } from './route-suspense';
import './public-layout.css';

/** Legal pages: readable for visitors and members alike. */
export function PublicLayout() {
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
        <RouteSuspense fallback={<PageSkeleton />} />
      </main>
    </div>
  );
}
