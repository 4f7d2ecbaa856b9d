import { liveTopics } from '@otakura/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/lib/live/use-live-event';
import { useLiveTopics } from '@/lib/live/use-live-topics';
import { communityKeys } from '../api/community-keys';
import { applyLiveMemberCount } from '../utils/community-cache';

/**
 * Live updates of a community on screen, in one place: watches `community:{id}` and writes
 * `community.members` (the absolute count) into its page and the search lists; a new or deleted
 * post reloads the community for its Posts count. Reloads the
 * community when a reconnect confirms the topic again. Its posts on the same topic are the posts
 * feature's (`usePostsLive({ communityId })`). An id that is not a UUID watches nothing.
 */
export function useCommunityLive(communityId: string | null | undefined): void {
  const queryClient = useQueryClient();

  useLiveTopics([communityId && liveTopics.community(communityId)], {
    onSubscribed: (_topic, { again }) => {
      if (!again || !communityId) return;
      void queryClient.invalidateQueries(
        { queryKey: communityKeys.detail(communityId), exact: true },
        { cancelRefetch: false },
      );
    },
  });
  // A new or deleted post changes the community's Posts count: read it again.
  const refreshCounts = (event: { topic: string }) => {
    if (!communityId || event.topic !== liveTopics.community(communityId)) return;
    void queryClient.invalidateQueries({
      queryKey: communityKeys.detail(communityId),
      exact: true,
    });
  };
  useLiveEvent('post.created', refreshCounts);
  useLiveEvent('post.deleted', refreshCounts);
  useLiveEvent('community.members', (event) => {
    if (event.communityId === communityId) applyLiveMemberCount(queryClient, event);
  });
}
