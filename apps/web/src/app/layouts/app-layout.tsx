import clsx from 'clsx';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VerifyEmailGate } from '@/features/auth/components/verify-email-gate';
import { useAccountLanguage } from '@/features/settings/hooks/use-account-language';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { PageSkeleton } from './page-skeleton';
import { RouteSuspense } from './route-suspense';
import { SidebarNav } from './sidebar';
import { TabBar } from './tab-bar';
import { TopBar } from './top-bar';
import { useIsPhone } from './use-is-phone';
import './app-layout.css';

/* The menu sheet and its dialog code arrive on the first open, not with every page. */
const PhoneMenu = lazy(() => import('./phone-menu').then((m) => ({ default: m.PhoneMenu })));

/**
 * Protected pages: sticky top bar, settings sidebar (a sheet on phones), the page; on phones the
 * top bar's links are a bottom tab bar.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuUsed = useOpenedOnce(menuOpen);
  const phone = useIsPhone();
  // Protected pages are signed in: a device with no language choice of its own takes the account's.
  useAccountLanguage(true);

  return (
    <div className={clsx('app-shell', phone && 'app-shell--tabbar')}>
      <a href="#main" className="app-shell__skip">
        {t('skipToContent')}
      </a>
      <TopBar onOpenMenu={() => setMenuOpen(true)} menuOpen={menuOpen} showNav={!phone} />
      <div className="app-shell__body">
        <aside className="app-shell__sidebar">
          <SidebarNav />
        </aside>
        <main id="main" className="app-shell__main" tabIndex={-1}>
          <RouteSuspense fallback={<PageSkeleton />} />
        </main>
      </div>
      {phone ? <TabBar /> : null}
      {menuUsed ? (
        <Suspense fallback={null}>
          <PhoneMenu open={menuOpen} onOpenChange={setMenuOpen} />
        </Suspense>
      ) : null}
      <VerifyEmailGate />
    </div>
  );
}
