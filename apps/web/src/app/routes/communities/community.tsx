import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { useSession } from '@/features/auth/hooks/use-session';
import { communityKeys } from '@/features/communities/api/community-keys';
import { useCommunityQuery } from '@/features/communities/api/get-community';
import { CommunityView } from '@/features/communities/components/community-view';
import { applyLiveMemberCount } from '@/features/communities/utils/community-cache';
import { useLiveEvent } from '@/features/live/hooks/use-live-event';
import { useLiveTopic } from '@/features/live/hooks/use-live-topic';
import { postKeys } from '@/features/posts/api/post-keys';
import { CommunityPosts } from './community-posts';

/** Live Members count: watches `community:{id}` once the community is known. */
function LiveCommunity({ communityId }: { communityId: string }) {
  const queryClient = useQueryClient();
  const query = useCommunityQuery(communityId);
  const id = query.data?.id;
  useLiveTopic(id ? `community:${id}` : null, {
    queryKeys: id ? [communityKeys.detail(communityId)] : [],
  });
  useLiveEvent('community.members', (event) => {
    if (event.communityId === id) applyLiveMemberCount(queryClient, event);
  });
  return null;
}

/** /community/:communityid: the community, Follow/Unfollow and its posts (spec §2 Community). */
export default function CommunityPage() {
  const { communityid = '' } = useParams();
  const session = useSession();
  const viewerId = session.status === 'signed-in' ? session.user.id : null;
  const queryClient = useQueryClient();

  // Following changes the Following feed at once (spec §4): its pages load fresh next time.
  const refreshFeeds = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: postKeys.feeds() }),
    [queryClient],
  );

  return (
    <>
      <LiveCommunity key={`live-${communityid}`} communityId={communityid} />
      {/* A new id is a new page: no state (open modal, scroll) carries over. */}
      <CommunityView
        key={communityid}
        communityId={communityid}
        onMembershipChanged={refreshFeeds}
        renderPosts={(community) => <CommunityPosts community={community} viewerId={viewerId} />}
      />
    </>
  );
}
