declare global {
  interface Window {
    /** Optional runtime configuration a server may inject before the bundle loads. */
    __OTAKURA__?: { productName?: string; contactEmail?: string };
  }
}

/** Lower-case, dash-separated; the same rule as the server's `productSlug`. */
export function slugify(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || 'app';
}

function readProductName(): string {
  const injected = typeof window === 'undefined' ? undefined : window.__OTAKURA__?.productName;
  const fromBuild = import.meta.env.VITE_PRODUCT_NAME as string | undefined;
  return injected?.trim() || fromBuild?.trim() || 'Otakura';
}

/** The product name is configuration (PRODUCT_NAME on the server, VITE_PRODUCT_NAME at build). */
export const PRODUCT_NAME = readProductName();
export const PRODUCT_SLUG = slugify(PRODUCT_NAME);
/** The premium settings route, `/{slug}-premium` (default `/otakura-premium`). */
export const PREMIUM_PATH = `/${PRODUCT_SLUG}-premium`;

/**
 * The contact address shown on the legal pages (CONTACT_EMAIL on the server): the injected
 * configuration, else VITE_CONTACT_EMAIL, else `privacy@<host>` (the server's default too).
 * Read at call time, so a value injected after the bundle loads is still used.
 */
export function getContactEmail(): string {
  if (typeof window === 'undefined') return 'privacy@localhost';
  const injected = window.__OTAKURA__?.contactEmail;
  const fromBuild = import.meta.env.VITE_CONTACT_EMAIL as string | undefined;
  return (
    injected?.trim() || fromBuild?.trim() || `privacy@${window.location.hostname || 'localhost'}`
  );
}
