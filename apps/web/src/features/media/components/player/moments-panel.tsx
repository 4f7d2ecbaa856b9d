import type { Comment, EpisodeDetail, EpisodeMoments } from '@otakura/shared';
import { MessagesSquare } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useMomentCommentsQuery } from '../../api/get-moment-comments';
import {
  isCovered,
  MomentCommentItem,
  MomentComposer,
  momentOf,
  useRevealed,
} from '../moment-comments';
import { formatTime } from './format-time';

export interface MomentsPanelProps {
  episode: EpisodeDetail;
  moments: EpisodeMoments | undefined;
  currentTime: number;
  onSeek: (seconds: number) => void;
  onDiscuss: () => void;
}

/**
 * Beside the video (below it on narrow screens): the pinned comments the playback has passed,
 * the newest passed one highlighted, how many are still ahead, and "Comment at {time}".
 *
 * The list asks the server with `until` = the furthest time played here: moments the viewer has
 * passed come with their text even before the saved progress catches up. It asks again only
 * when the playback passes a moment that came covered.
 */
export function MomentsPanel({
  episode,
  moments,
  currentTime,
  onSeek,
  onDiscuss,
}: MomentsPanelProps) {
  const { t } = useTranslation('moments');
  const [until, setUntil] = useState<number | undefined>(undefined);
  const source = {
    kind: 'episode' as const,
    mediaId: episode.mediaId,
    episodeId: episode.id,
    until,
  };
  const query = useMomentCommentsQuery(source);
  const revealed = useRevealed();
  const [pinnedAt, setPinnedAt] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  const items = useMemo(
    () =>
      (query.data?.pages.flatMap((p) => p.items) ?? []).filter(
        (c): c is Comment => momentOf(c) !== null,
      ),
    [query.data],
  );
  const passed = items.filter((c) => momentOf(c)! <= currentTime);
  const ahead = (moments?.markers ?? []).reduce(
    (n, m) => (m.atSeconds > Math.floor(currentTime) ? n + m.count : n),
    0,
  );
  const active = passed[passed.length - 1];

  // Passing a moment that came covered reads the list again with the time reached (state
  // adjusted while rendering: the moment the time passes it, not an effect later). Only moments
  // past the `until` asked already count, so a list on its way is not asked for twice.
  const coveredPassed = passed.some(
    (c) => c.pin?.covered && (until === undefined || momentOf(c)! > until),
  );
  if (coveredPassed) setUntil(Math.ceil(currentTime));

  // Near the last moment loaded, the next page of moments.
  const lastLoaded = items[items.length - 1];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (
      hasNextPage &&
      !isFetchingNextPage &&
      lastLoaded &&
      momentOf(lastLoaded)! <= currentTime + 30
    ) {
      void fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastLoaded, currentTime]);

  // The newest passed moment stays in view, inside the list only.
  const activeId = active?.id;
  useEffect(() => {
    const list = listRef.current;
    if (!list || !activeId) return;
    const row = list.querySelector<HTMLElement>(`[data-comment-id="${activeId}"]`);
    if (!row) return;
    const top = row.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + row.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTo({ top: Math.max(0, top - list.clientHeight / 3) });
    }
  }, [activeId]);

  const composeAt = pinnedAt ?? currentTime;
  const total = moments?.markers.reduce((n, m) => n + m.count, 0) ?? 0;

  return (
    <aside className="episode-player__moments" aria-labelledby="moments-title">
      <div className="episode-player__moments-inner">
        <header className="episode-player__moments-head">
          <h2 id="moments-title" className="episode-player__moments-title">
            {t('panel')}
            {moments ? (
              <span className="episode-player__moments-count tabular-nums">
                {t('panelCount', { count: total })}
              </span>
            ) : null}
          </h2>
          {moments ? (
            <Button size="sm" variant="secondary" onClick={onDiscuss}>
              <MessagesSquare aria-hidden="true" size={16} />
              {t('discussEpisode', { number: episode.number, count: moments.commentCount })}
            </Button>
          ) : (
            <Skeleton shape="text" width="9em" />
          )}
        </header>

        {query.isPending ? (
          <div className="episode-player__moments-list" role="status">
            <Skeleton shape="text" width="70%" />
            <Skeleton shape="text" width="50%" />
            <span className="visually-hidden">{t('common:loading')}</span>
          </div>
        ) : query.isError ? (
          <div className="moment-list__message" role="alert">
            <p>{t('loadFailed')}</p>
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : (
          <>
            {passed.length ? (
              <ol ref={listRef} className="episode-player__moments-list" aria-live="polite">
                {passed.map((c) => (
                  <li key={c.id}>
                    <MomentCommentItem
                      comment={revealed.shown(c)}
                      active={c.id === active?.id}
                      onSeek={onSeek}
                      onReveal={revealed.reveal}
                      revealing={revealed.pendingId === c.id}
                      revealError={revealed.errorOf(c)}
                    />
                  </li>
                ))}
              </ol>
            ) : (
              <p className="moment-list__message episode-player__moments-list">
                {items.length || ahead ? t('emptyPassed') : t('emptyEpisode')}
              </p>
            )}
            {ahead > 0 ? (
              <p className="episode-player__moments-ahead tabular-nums">
                {t('ahead', { count: ahead })}
              </p>
            ) : null}
          </>
        )}

        <MomentComposer
          mediaId={episode.mediaId}
          pin={{ episodeId: episode.id, atSeconds: Math.floor(composeAt) }}
          label={t('composeAt', { time: formatTime(composeAt) })}
          onFocus={() => setPinnedAt((at) => at ?? currentTime)}
          onBlur={(empty) => {
            if (empty) setPinnedAt(null);
          }}
          onPosted={(comment) => {
            setPinnedAt(null);
            // Our own moment is passed already: it shows at once.
            const at = momentOf(comment);
            if (at !== null && isCovered(comment)) setUntil((u) => Math.max(u ?? 0, at));
          }}
          className="episode-player__moments-composer"
        />
      </div>
    </aside>
  );
}
