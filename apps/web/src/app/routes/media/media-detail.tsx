import { usePrefetchQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useMatch, useNavigate, useParams } from 'react-router';
import { useSession } from '@/features/auth/hooks/use-session';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { MediaLanding } from '@/features/media/components/media-landing';
import { useMediaLive } from '@/features/media/hooks/use-media-live';
import { merchShelfQueryOptions } from '@/features/shop/api/get-merch-shelf';
import { MerchShelf } from '@/features/shop/components/merch-shelf';

interface CommentsState {
  mediaComments?: boolean;
}

/**
 * /media/:mediaid and /media/comments/:mediaid: the media landing (spec §2); the second opens
 * with the comments in the media modal. Opening the comments goes to the second address (Back
 * closes them); closing goes to the first.
 */
export default function MediaDetailPage() {
  const { mediaid = '' } = useParams();
  const session = useSession();
  const viewerId = session.status === 'signed-in' ? session.user.id : null;
  const commentsOpen = useMatch('/media/comments/:mediaid') !== null;
  const location = useLocation();
  const navigate = useNavigate();
  // Live: likes, views and the comment count (the comment list is the comments feature's).
  useMediaLive(mediaid, viewerId);
  // The merch shelf loads alongside the entry, so it is there when the landing is.
  usePrefetchQuery(merchShelfQueryOptions({ media: mediaid }));

  const id = encodeURIComponent(mediaid);
  const openComments = useCallback(() => {
    void navigate(
      { pathname: `/media/comments/${id}`, search: location.search },
      { state: { mediaComments: true } satisfies CommentsState, preventScrollReset: true },
    );
  }, [navigate, id, location.search]);
  const pushedHere = (location.state as CommentsState | null)?.mediaComments === true;
  const closeComments = useCallback(() => {
    // Opened from the landing: going back removes the comments' entry, so Forward can reopen it.
    if (pushedHere) void navigate(-1);
    else
      void navigate(
        { pathname: `/media/${id}`, search: location.search },
        { replace: true, preventScrollReset: true },
      );
  }, [navigate, id, location.search, pushedHere]);

  return (
    <MediaLanding
      key={mediaid}
      mediaId={mediaid}
      commentsOpen={commentsOpen}
      onOpenComments={openComments}
      onCloseComments={closeComments}
      renderComments={(media) => <CommentsSection mediaId={media.id} headingLevel={3} />}
      renderMerch={(media) => <MerchShelf of={{ media: media.id }} />}
    />
  );
}
