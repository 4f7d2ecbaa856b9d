import { lazy, Suspense, useCallback, useState } from 'react';
import { useAppConfigQuery } from '@/features/settings/api/get-app-config';
import {
  hasChosenWeb,
  isMobileBrowser,
  isSafeAppUrl,
  NEVER_REDIRECT_PATHS,
  rememberStayOnWeb,
} from '@/features/settings/utils/mobile';

/** A dialog only some phones ever see: its own chunk (with the modal it is built on). */
const MobileAppInterstitial = lazy(() =>
  import('@/features/settings/components/mobile-app-interstitial').then((m) => ({
    default: m.MobileAppInterstitial,
  })),
);

function openUrl(url: string) {
  window.location.assign(url);
}

/**
 * DESIGN.md: mobile browsers go to the mobile app only when the server sets MOBILE_APP_URL
 * (from GET /api/app-config); otherwise never. A "Stay on the web" choice is remembered on this
 * device (`otakura.stayOnWeb`). The legal pages are never interrupted. Desktop browsers do not
 * even ask the server.
 */
export function MobileRedirect({ navigate = openUrl }: { navigate?: (url: string) => void }) {
  const [eligible] = useState(
    () =>
      isMobileBrowser() &&
      !hasChosenWeb() &&
      !NEVER_REDIRECT_PATHS.includes(window.location.pathname.toLowerCase()),
  );
  const [stayed, setStayed] = useState(false);
  const config = useAppConfigQuery({ enabled: eligible });
  const url = config.data?.mobileAppUrl;
  const stay = useCallback(() => {
    rememberStayOnWeb();
    setStayed(true);
  }, []);

  if (!eligible || stayed || !url || !isSafeAppUrl(url)) return null;
  return (
    <Suspense fallback={null}>
      <MobileAppInterstitial url={url} onOpenApp={navigate} onStay={stay} />
    </Suspense>
  );
}
