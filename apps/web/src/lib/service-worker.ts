/** The app's service worker (public/sw.js): the app shell's cache, and Web Push messages. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker in production builds only: in development it would serve stale
 * modules to Vite (turning push on registers it there too, see lib/push.ts).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL).catch((err: unknown) => {
      console.warn('service worker registration failed', err);
    });
  });
}
