declare global {
  interface Window {
    /** Optional runtime configuration a server may inject before the bundle loads. */
    __OTAKURA__?: { productName?: string };
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
