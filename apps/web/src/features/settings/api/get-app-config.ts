import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfigResponse } from '@otakura/shared';
import { api } from '@/lib/api-client';
import { invalidResponseError } from '@/lib/api-error';
import { appConfigKey } from './settings-keys';

/** The server's public configuration; the shape is the shared contract's. */
export type AppConfig = AppConfigResponse;

/**
 * `AppConfigResponseSchema`'s rules by hand (every page asks for the config on a phone: zod must
 * not come with it; `get-app-config.test.ts` compares the two): the six fields with their types,
 * unknown keys dropped. Returns null when the body does not match.
 */
export function readAppConfig(value: unknown): AppConfig | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const price = v.premiumMonthlyPriceCents;
  if (
    typeof v.productName !== 'string' ||
    typeof v.productSlug !== 'string' ||
    typeof price !== 'number' ||
    !Number.isSafeInteger(price) ||
    price < 0 ||
    typeof v.currency !== 'string' ||
    v.currency.length !== 3 ||
    (v.mobileAppUrl !== null && typeof v.mobileAppUrl !== 'string') ||
    typeof v.contactEmail !== 'string'
  ) {
    return null;
  }
  return {
    productName: v.productName,
    productSlug: v.productSlug,
    premiumMonthlyPriceCents: price,
    currency: v.currency,
    mobileAppUrl: v.mobileAppUrl,
    contactEmail: v.contactEmail,
  };
}

/** `GET /app-config`: public, no session needed. */
export async function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  const body = await api.get('/app-config', { signal });
  const config = readAppConfig(body);
  if (!config) {
    console.error('API GET /app-config: response does not match its schema', body);
    throw invalidResponseError(200);
  }
  return config;
}

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: appConfigKey,
    queryFn: ({ signal }) => getAppConfig(signal),
    // It changes only when the server restarts.
    staleTime: Infinity,
  });

export function useAppConfigQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...appConfigQueryOptions(), enabled });
}
