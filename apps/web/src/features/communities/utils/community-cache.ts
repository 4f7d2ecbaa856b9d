import type { Community, CommunityPage, MembershipState } from '@otakura/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { communityKeys } from '../api/community-keys';

/**
 * Writes a community's membership (`isMember`, `memberCount`) into every cached copy: its page
 * and the search lists. `isMember` is left alone when undefined (a live count is for everyone).
 */
export function applyMembership(
  queryClient: QueryClient,
  communityId: string,
  state: { memberCount: number; isMember?: boolean },
): void {
  const patch = (c: { memberCount: number; isMember: boolean }) => ({
    memberCount: state.memberCount,
    isMember: state.isMember ?? c.isMember,
  });
  queryClient.setQueryData<Community>(communityKeys.detail(communityId), (c) =>
    c ? { ...c, ...patch(c) } : c,
  );
  queryClient.setQueriesData<InfiniteData<CommunityPage>>(
    { queryKey: communityKeys.searches() },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((c) => (c.id === communityId ? { ...c, ...patch(c) } : c)),
        })),
      },
  );
}

/** A live `community.members` count (absolute, so a missed event never leaves a wrong number). */
export function applyLiveMemberCount(
  queryClient: QueryClient,
  event: { communityId: string; memberCount: number },
): void {
  applyMembership(queryClient, event.communityId, { memberCount: event.memberCount });
}

export type { MembershipState };
