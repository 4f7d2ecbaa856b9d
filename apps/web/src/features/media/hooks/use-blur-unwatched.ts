import { SettingsSchema } from '@otakura/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The settings feature's key of GET /me/settings (read here without importing that feature). */
const SETTINGS_ME_KEY = ['settings', 'me'] as const;

/**
 * Whether the viewer asked to blur the thumbnails of episodes they have not watched (issue 12,
 * the spoiler shield's setting). Shares the settings feature's cache entry, so a change on the
 * settings page shows here at once; false until the settings are known.
 */
export function useBlurUnwatchedThumbnails(): boolean {
  const { data } = useQuery({
    queryKey: SETTINGS_ME_KEY,
    queryFn: ({ signal }) => api.get('/me/settings', { schema: SettingsSchema, signal }),
    staleTime: 60_000,
  });
  return data?.blurUnwatchedThumbnails === true;
}
