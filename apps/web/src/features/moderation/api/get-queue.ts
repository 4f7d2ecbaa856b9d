import { ModerationCasePageSchema, type ModerationCasePage } from '@otakura/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { moderationKeys, type QueueFilter } from './moderation-keys';

export const QUEUE_PAGE_SIZE = 20;

/** `GET /moderation/queue`: open cases oldest first, closed ones newest first (keyset). */
export function getQueue(
  filter: QueueFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ModerationCasePage> {
  return api.get('/moderation/queue', {
    query: { status: filter.status, type: filter.type, cursor, limit: QUEUE_PAGE_SIZE },
    schema: ModerationCasePageSchema,
    signal,
  });
}

export function queueQueryOptions(filter: QueueFilter) {
  return infiniteQueryOptions({
    queryKey: moderationKeys.queue(filter),
    queryFn: ({ pageParam, signal }) => getQueue(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useQueueQuery(filter: QueueFilter) {
  return useInfiniteQuery(queueQueryOptions(filter));
}
