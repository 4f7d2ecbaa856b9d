import { queryOptions, useQuery } from '@tanstack/react-query';
import { AppConfigResponseSchema, type AppConfigResponse } from '@otakura/shared';
import { api } from '@/lib/api-client';
import { appConfigKey } from './settings-keys';

/** The server's public configuration; the shape is the shared contract's. */
export type AppConfig = AppConfigResponse;

/** `GET /app-config`: public, no session needed. */
export function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return api.get('/app-config', { schema: AppConfigResponseSchema, signal });
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
