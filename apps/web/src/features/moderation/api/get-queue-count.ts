import { ModerationQueueCountSchema, type ModerationQueueCount } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { moderationKeys } from './moderation-keys';

/** The badge refreshes itself this often while a staff member has the app open. */
export const QUEUE_COUNT_REFRESH_MS = 60_000;

/** `GET /moderation/queue/count`: open cases and how many of them are past their 24 hours. */
export function getQueueCount(signal?: AbortSignal): Promise<ModerationQueueCount> {
  return api.get('/moderation/queue/count', { schema: ModerationQueueCountSchema, signal });
}

export function queueCountQueryOptions() {
  return queryOptions({
    queryKey: moderationKeys.count(),
    queryFn: ({ signal }) => getQueueCount(signal),
    refetchInterval: QUEUE_COUNT_REFRESH_MS,
    staleTime: 30_000,
  });
}

/** `enabled` false for people who are not staff (the server would refuse them). */
export function useQueueCountQuery(enabled = true) {
  return useQuery({ ...queueCountQueryOptions(), enabled });
}
