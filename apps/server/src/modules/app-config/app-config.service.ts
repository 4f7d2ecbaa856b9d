import type { AppConfig } from '../../config/env';
import type { AppConfigResponse } from '@otakura/shared';

/** Schemes a browser must never be sent to from a redirect, even if configured by mistake. */
const UNSAFE_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:']);

function safeRedirectUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return UNSAFE_SCHEMES.has(new URL(url).protocol) ? null : url;
  } catch {
    return null;
  }
}

/** The public part of the configuration; nothing secret ever leaves through here. */
export function presentAppConfig(config: AppConfig): AppConfigResponse {
  return {
    productName: config.productName,
    productSlug: config.productSlug,
    premiumMonthlyPriceCents: config.premiumMonthlyPriceCents,
    currency: config.currency,
    mobileAppUrl: safeRedirectUrl(config.mobileAppUrl),
    contactEmail: config.contactEmail,
  };
}
