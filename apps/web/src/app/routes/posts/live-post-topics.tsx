import { useLiveTopic } from '@/features/live/hooks/use-live-topic';
import { postKeys } from '@/features/posts/api/post-keys';

function PostTopic({ postId }: { postId: string }) {
  // The card was just fetched with its list: refetch (every list) only after a reconnect. Before,
  // each card coming into view refetched every loaded page of the feed, page 1 twice on load.
  useLiveTopic(`post:${postId}`, {
    queryKeys: [postKeys.lists(), postKeys.detail(postId)],
    refetchOnFirstSubscribe: false,
  });
  return null;
}

function FeedTopic() {
  useLiveTopic('feed');
  return null;
}

/**
 * Watches the live topics of the posts on screen (`post:{id}`: likes, comment counts, deletes)
 * and, on the feed, `feed` (new posts for the pill). Renders nothing.
 */
export function LivePostTopics({ postIds, feed = false }: { postIds: string[]; feed?: boolean }) {
  return (
    <>
      {feed ? <FeedTopic /> : null}
      {postIds.map((id) => (
        <PostTopic key={id} postId={id} />
      ))}
    </>
  );
}
