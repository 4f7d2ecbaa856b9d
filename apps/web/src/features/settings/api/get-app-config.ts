import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { appConfigKey } from './settings-keys';

/** The server's `GET /api/app-config` (apps/server/src/modules/app-config). */
export const AppConfigSchema = z.object({
  productName: z.string(),
  productSlug: z.string(),
  /** In the currency's minor unit (cents for usd). */
  premiumMonthlyPriceCents: z.number().int().min(0),
  /** ISO 4217, lower-case. */
  currency: z.string().length(3),
  /** Null: never redirect mobile browsers. */
  mobileAppUrl: z.string().nullable(),
  contactEmail: z.string(),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;

/** `GET /app-config`: public, no session needed. */
export function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return api.get('/app-config', { schema: AppConfigSchema, signal });
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
