import { liveTopics } from '@otakura/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/lib/live/use-live-event';
import { useLiveTopics } from '@/lib/live/use-live-topics';
import { mediaKeys } from '../api/media-keys';
import { applyMediaCounts, isPageKeyOf } from '../utils/media-cache';

/**
 * Live updates of a media entry on screen, in one place: watches `media:{id}` and writes the
 * absolute counts its events carry into the landing and the list rows: `media.liked` (others'
 * likes; ours is already shown, optimistically), `media.views`, and the comment count of
 * `comment.created`. The comment list itself is the comments feature's (`useCommentsLive`).
 * When a reconnect confirms the topic again, the landing and its media pages are read again.
 * An id that is not a UUID watches nothing.
 */
export function useMediaLive(mediaId: string | null | undefined, viewerId: string | null): void {
  const queryClient = useQueryClient();

  useLiveTopics([mediaId && liveTopics.media(mediaId)], {
    onSubscribed: (_topic, { again }) => {
      // The first confirmation follows the fetch that put the landing on screen.
      if (!again || !mediaId) return;
      void queryClient.invalidateQueries(
        { queryKey: mediaKeys.detail(mediaId), exact: true },
        { cancelRefetch: false },
      );
      void queryClient.invalidateQueries({
        queryKey: mediaKeys.pages(),
        predicate: (q) => isPageKeyOf(q.queryKey, mediaId),
      });
    },
  });

  useLiveEvent('media.liked', (event) => {
    if (event.mediaId !== mediaId || event.actorId === viewerId) return;
    applyMediaCounts(queryClient, event.mediaId, { likeCount: event.likeCount });
  });
  useLiveEvent('media.views', (event) => {
    if (event.mediaId !== mediaId) return;
    applyMediaCounts(queryClient, event.mediaId, { viewCount: event.viewCount });
  });
  useLiveEvent('comment.created', (event) => {
    if (!event.mediaId || event.mediaId !== mediaId) return;
    applyMediaCounts(queryClient, event.mediaId, { commentCount: event.commentCount });
  });
}
