import { UserStandingPageSchema, type UserStandingPage } from '@otakura/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { moderationKeys, type PeopleFilter } from './moderation-keys';

export const PEOPLE_PAGE_SIZE = 20;

/** `GET /moderation/users?q=&filter=`: people with their standing. */
export function getPeople(
  filter: PeopleFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<UserStandingPage> {
  return api.get('/moderation/users', {
    query: { q: filter.q || undefined, filter: filter.filter, cursor, limit: PEOPLE_PAGE_SIZE },
    schema: UserStandingPageSchema,
    signal,
  });
}

export function peopleQueryOptions(filter: PeopleFilter) {
  return infiniteQueryOptions({
    queryKey: moderationKeys.people(filter),
    queryFn: ({ pageParam, signal }) => getPeople(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function usePeopleQuery(filter: PeopleFilter) {
  return useInfiniteQuery(peopleQueryOptions(filter));
}
