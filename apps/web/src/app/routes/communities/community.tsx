import { usePrefetchQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { useSession } from '@/features/auth/hooks/use-session';
import { CommunityView } from '@/features/communities/components/community-view';
import { useCommunityLive } from '@/features/communities/hooks/use-community-live';
import { postKeys } from '@/features/posts/api/post-keys';
import { merchShelfQueryOptions } from '@/features/shop/api/get-merch-shelf';
import { MerchShelf } from '@/features/shop/components/merch-shelf';
import { CommunityPosts } from './community-posts';

/** /community/:communityid: the community, Follow/Unfollow and its posts (spec §2 Community). */
export default function CommunityPage() {
  const { communityid = '' } = useParams();
  const session = useSession();
  const viewerId = session.status === 'signed-in' ? session.user.id : null;
  // Live: the Members count (the posts' live updates are in CommunityPosts).
  useCommunityLive(communityid);
  // The merch shelf loads alongside the community, so it is there when the header is.
  usePrefetchQuery(merchShelfQueryOptions({ community: communityid }));
  const queryClient = useQueryClient();

  // Following changes the Following feed at once (spec §4): its pages load fresh next time.
  const refreshFeeds = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: postKeys.feeds() }),
    [queryClient],
  );

  return (
    <>
      {/* A new id is a new page: no state (open modal, scroll) carries over. */}
      <CommunityView
        key={communityid}
        communityId={communityid}
        onMembershipChanged={refreshFeeds}
        renderMerch={(community) => <MerchShelf of={{ community: community.id }} />}
        renderPosts={(community) => <CommunityPosts community={community} viewerId={viewerId} />}
      />
    </>
  );
}
