import { SettingsSchema, type Settings } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** `GET /me/settings`: the settings kept on the server (they matter across devices). */
export function getSettings(signal?: AbortSignal): Promise<Settings> {
  return api.get('/me/settings', { schema: SettingsSchema, signal });
}

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.me(),
    queryFn: ({ signal }) => getSettings(signal),
  });

export function useSettingsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...settingsQueryOptions(), enabled });
}
