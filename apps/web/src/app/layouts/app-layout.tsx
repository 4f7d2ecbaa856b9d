import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/brand/logo';
import { Modal } from '@/components/ui/modal';
import { VerifyEmailGate } from '@/features/auth/components/verify-email-gate';
import { useAccountLanguage } from '@/features/settings/hooks/use-account-language';
import { PageSkeleton } from './page-skeleton';
import { RouteSuspense } from './route-suspense';
import { SidebarNav } from './sidebar';
import { TabBar } from './tab-bar';
import { TopBar } from './top-bar';
import { useIsPhone } from './use-is-phone';
import './app-layout.css';

/**
 * Protected pages: sticky top bar, settings sidebar (a sheet on phones), the page; on phones the
 * top bar's links are a bottom tab bar.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
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
      <Modal
        open={menuOpen}
        onOpenChange={setMenuOpen}
        placement="left"
        title={
          <>
            <Logo />
            <span className="visually-hidden"> {t('menu.title')}</span>
          </>
        }
        closeLabel={t('menu.close')}
        className="app-shell__sheet"
      >
        <SidebarNav onNavigate={() => setMenuOpen(false)} />
      </Modal>
      <VerifyEmailGate />
    </div>
  );
}
