import { liveTopics } from '@otakura/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/lib/live/use-live-event';
import { useLiveTopics } from '@/lib/live/use-live-topics';
import { commentKeys, liveTopicOf, type CommentTarget } from '../api/comment-keys';
import { applyLiveCommentLiked, syncLiveComment } from '../utils/live-comments';

/**
 * Live updates of one comment list (a post's or a media entry's), in one place: watches
 * `post:{id}` / `media:{id}` while the list is on screen, reloads it when a reconnect
 * confirms the topic again, and applies `comment.created` / `comment.updated`
 * (the comment is fetched and inserted or replaced) and `comment.liked` (the absolute count;
 * the viewer's own likes are already shown), and `media.progress` on the viewer's own topic
 * (reloads: spoiler covers lift). The post's comment count is the posts feature's
 * (`usePostsLive`).
 */
export function useCommentsLive(target: CommentTarget, viewerId: string | null): void {
  const queryClient = useQueryClient();
  const topic = liveTopicOf(target);

  const reload = () =>
    void queryClient.invalidateQueries(
      { queryKey: commentKeys.list(target) },
      { cancelRefetch: false },
    );
  // The viewer's own topic carries `media.progress`: their progress rose, so the server decides
  // the spoiler shield anew and the covers they passed lift without a reload.
  const own = viewerId ? liveTopics.user(viewerId) : null;
  useLiveTopics([topic, own], {
    onSubscribed: (_topic, { again }) => {
      if (again) reload();
    },
  });
  useLiveEvent('media.progress', (event) => {
    if (event.topic === own) reload();
  });
  useLiveEvent('comment.created', (event) => {
    if (event.topic === topic) void syncLiveComment(queryClient, event);
  });
  useLiveEvent('comment.updated', (event) => {
    if (event.topic === topic) void syncLiveComment(queryClient, event);
  });
  useLiveEvent('comment.liked', (event) => {
    if (event.topic === topic) applyLiveCommentLiked(queryClient, event, viewerId);
  });
}
