import { skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

/** The only field read here of GET /api/me, which the users feature caches under ['users', 'me']. */
const NsfwFlagSchema = z.object({ nsfwOptIn: z.boolean() });

/**
 * Whether the signed-in user opted in to NSFW content. Read from the profile already in the cache
 * (never fetched here); without it NSFW posts stay blurred, with a button to show each.
 */
export function useNsfwOptIn(): boolean {
  const { data } = useQuery({ queryKey: ['users', 'me'], queryFn: skipToken });
  const parsed = NsfwFlagSchema.safeParse(data);
  return parsed.success && parsed.data.nsfwOptIn;
}
