import type { EpisodeCard as EpisodeCardData } from '@otakura/shared';
import clsx from 'clsx';
import { Check, CircleAlert, ListVideo } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorText } from '@/lib/api-error-text';
import { useContinueWatchingQuery } from '../api/get-continue-watching';
import { useNewestEpisodesQuery } from '../api/get-newest-episodes';
import { useMediaOverlay } from '../hooks/use-media-overlay';
import { formatDuration, watchedFraction } from '../utils/format-duration';
import { MediaElapsed } from './media-elapsed';
import { MediaImage } from './media-image';
import { MediaOverlays } from './media-overlays';
import './media-shared.css';
import './episodes-view.css';

/** Start the next page this far (px) before the end of the list is reached. */
const PREFETCH_MARGIN_PX = 600;

function EpisodeCard({
  episode,
  onOpen,
  showTime,
}: {
  episode: EpisodeCardData;
  onOpen: (episodeId: string) => void;
  showTime: boolean;
}) {
  const { t } = useTranslation('media');
  const fraction = watchedFraction(episode.progress, episode.durationSeconds);
  const watched = episode.progress?.watched === true;
  const vars = { series: episode.media.title, number: episode.number, title: episode.title };
  return (
    <article className="episode-card" data-episode-id={episode.id}>
      <button type="button" className="episode-card__open" onClick={() => onOpen(episode.id)}>
        <span className="episode-card__thumb">
          <MediaImage src={episode.thumbnailUrl ?? episode.media.coverUrl} alt="" ratio="video" />
          {episode.durationSeconds ? (
            // Shown, not named: the name holds the card's line (label-in-name).
            <span className="media-duration" aria-hidden="true">
              {formatDuration(episode.durationSeconds)}
            </span>
          ) : null}
          {watched ? (
            <span className="media-watched" aria-hidden="true">
              <Check />
            </span>
          ) : null}
          {fraction > 0 ? (
            <span className="media-progress" aria-hidden="true">
              <span className="media-progress__bar" style={{ width: `${fraction * 100}%` }} />
            </span>
          ) : null}
        </span>
        {/* The name is the content: '{series}: Ep. 2 · Title' (the series is said, not shown here). */}
        <span className="visually-hidden">{`${episode.media.title}:`}</span>{' '}
        <span className="episode-card__line">
          {episode.title ? t('episodes.line', vars) : t('episodes.lineUntitled', vars)}
        </span>
      </button>
      <div className="episode-card__meta">
        <Link
          className="episode-card__series"
          to={`/media/${encodeURIComponent(episode.media.id)}`}
        >
          {episode.media.title}
        </Link>
        {showTime ? <MediaElapsed at={episode.createdAt} className="episode-card__time" /> : null}
      </div>
    </article>
  );
}

function CardSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} aria-hidden="true" className="episode-card episode-card--skeleton">
          <Skeleton className="episode-card__thumb episode-card__thumb--skeleton" />
          <Skeleton shape="text" width={`${55 + ((i * 13) % 35)}%`} />
          <Skeleton shape="text" width="40%" />
        </li>
      ))}
    </>
  );
}

function ContinueWatching({ onOpen }: { onOpen: (episodeId: string) => void }) {
  const { t } = useTranslation('media');
  const query = useContinueWatchingQuery();
  // Nothing in progress (or it could not be read): the row is not shown; the newest follow.
  if (query.isError || (query.data && query.data.items.length === 0)) return null;
  return (
    <section className="episodes-section" aria-labelledby="continue-watching">
      <h2 id="continue-watching" className="episodes-section__title">
        {t('episodes.continue')}
      </h2>
      {query.isPending ? (
        <div role="status">
          <span className="visually-hidden">{t('loading')}</span>
          <ul className="episodes-row">
            <CardSkeletons count={4} />
          </ul>
        </div>
      ) : (
        <ul className="episodes-row">
          {query.data.items.map((episode) => (
            <li key={episode.id}>
              <EpisodeCard episode={episode} onOpen={onOpen} showTime={false} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NewestEpisodes({ onOpen }: { onOpen: (episodeId: string) => void }) {
  const { t } = useTranslation('media');
  const query = useNewestEpisodesQuery();
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage && !isFetchNextPageError)
          void fetchNextPage();
      },
      { rootMargin: `${PREFETCH_MARGIN_PX}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  let body;
  if (query.isPending)
    body = (
      <div role="status">
        <span className="visually-hidden">{t('loading')}</span>
        <ul className="episodes-grid">
          <CardSkeletons count={8} />
        </ul>
      </div>
    );
  else if (query.isError && !query.data)
    body = (
      <EmptyState
        icon={<CircleAlert />}
        title={t('episodes.error')}
        description={apiErrorText(t, query.error)}
        action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  else if (items.length === 0)
    body = (
      <EmptyState
        icon={<ListVideo />}
        title={t('episodes.none')}
        description={t('episodes.noneHint')}
        action={
          <Button asChild variant="secondary">
            <Link to="/media">{t('episodes.browse')}</Link>
          </Button>
        }
      />
    );
  else
    body = (
      <>
        <ul className="episodes-grid" aria-labelledby="newest-episodes">
          {items.map((episode) => (
            <li key={episode.id}>
              <EpisodeCard episode={episode} onOpen={onOpen} showTime />
            </li>
          ))}
          {isFetchingNextPage ? <CardSkeletons count={4} /> : null}
        </ul>
        <div ref={sentinel} />
        {hasNextPage ? (
          <div className={clsx('episodes-more', isFetchNextPageError && 'episodes-more--error')}>
            {isFetchNextPageError ? <p role="alert">{apiErrorText(t, query.error)}</p> : null}
            <Button
              variant="secondary"
              loading={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              {isFetchNextPageError ? t('retry') : t('episodes.loadMore')}
            </Button>
          </div>
        ) : null}
      </>
    );

  return (
    <section className="episodes-section" aria-labelledby="newest-episodes">
      <h2 id="newest-episodes" className="episodes-section__title">
        {t('episodes.newest')}
      </h2>
      {body}
    </section>
  );
}

/**
 * /episodes: "Continue watching" (series in progress, hidden when none), then the newest episodes
 * across every series, each opening the player over the page (`?episode={id}`).
 */
export function EpisodesView() {
  const overlay = useMediaOverlay();
  return (
    <div className="episodes-view">
      <ContinueWatching onOpen={overlay.openEpisode} />
      <NewestEpisodes onOpen={overlay.openEpisode} />
      <MediaOverlays overlay={overlay} />
    </div>
  );
}
