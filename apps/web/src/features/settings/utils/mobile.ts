import { storage } from '@/lib/storage';

/** Set to '1' when a phone user chose to stay on the web instead of the mobile app. */
export const STAY_ON_WEB_KEY = 'otakura.stayOnWeb';

/** Seconds the "open the app" screen waits before sending the browser on. */
export const MOBILE_REDIRECT_DELAY_MS = 2000;

interface NavigatorUAData {
  mobile?: boolean;
}

/** A phone or tablet browser: User-Agent Client Hints where supported, else the user-agent text. */
export function isMobileBrowser(nav: Navigator | undefined = globalThis.navigator): boolean {
  if (!nav) return false;
  const uaData = (nav as Navigator & { userAgentData?: NavigatorUAData }).userAgentData;
  if (typeof uaData?.mobile === 'boolean' && uaData.mobile) return true;
  return /Android|iPhone|iPad|iPod|Mobile|IEMobile|Opera Mini|BlackBerry/i.test(
    nav.userAgent ?? '',
  );
}

export function hasChosenWeb(): boolean {
  return storage.get(STAY_ON_WEB_KEY) === '1';
}

export function rememberStayOnWeb(): void {
  storage.set(STAY_ON_WEB_KEY, '1');
}

/** Only http(s) or an app's own scheme; never a script or data URL, whatever was configured. */
export function isSafeAppUrl(url: string): boolean {
  try {
    return !['javascript:', 'data:', 'vbscript:', 'file:', 'blob:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** Pages a phone user must be able to read on the web (app listings link to them). */
export const NEVER_REDIRECT_PATHS = ['/privacy-policy', '/user-agreement', '/terms-and-conditions'];
