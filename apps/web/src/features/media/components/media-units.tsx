import type { Episode, IssueSummary, MediaKind, MediaPage, Volume } from '@otakura/shared';
import { mediaPageId } from '@otakura/shared';
import clsx from 'clsx';
import { Check, ChevronLeft, ChevronRight, CircleAlert, Inbox } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useMediaPageQuery } from '../api/get-media-page';
import { useBlurUnwatchedThumbnails } from '../hooks/use-blur-unwatched';
import { formatDuration, watchedFraction } from '../utils/format-duration';
import { PAGE_PARAM } from '../utils/page-param';
import { MediaImage } from './media-image';
import './media-shared.css';
import './media-units.css';

function EpisodeRow({
  episode,
  onOpen,
  blurUnwatched,
}: {
  episode: Episode;
  onOpen: (id: string) => void;
  /** The viewer's setting: an episode they have not watched shows its thumbnail blurred. */
  blurUnwatched: boolean;
}) {
  const { t } = useTranslation('media');
  const fraction = watchedFraction(episode.progress, episode.durationSeconds);
  const watched = episode.progress?.watched === true;
  const blurred = blurUnwatched && !watched;
  let status: string | null = null;
  if (watched) status = t('units.watched');
  else if (episode.progress && episode.durationSeconds && fraction > 0)
    status = t('units.watchedPart', {
      position: formatDuration(episode.progress.positionSeconds),
      duration: formatDuration(episode.durationSeconds),
    });
  return (
    <li data-episode-id={episode.id}>
      <button
        type="button"
        className={clsx('unit-row', 'unit-row--episode', watched && 'unit-row--done')}
        onClick={() => onOpen(episode.id)}
      >
        <span
          className={clsx(
            'unit-row__thumb unit-row__thumb--video',
            blurred && 'unit-row__thumb--blurred',
          )}
          data-blurred={blurred ? '' : undefined}
        >
          <MediaImage src={episode.thumbnailUrl} alt="" ratio="video" />
          {episode.durationSeconds ? (
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
        {/* The visible text is the button's name: 'Ep. 1 Title 0:40 of 2:00 watched'. */}
        <span className="unit-row__text">
          <span
            className={clsx(
              'unit-row__number',
              'tabular-nums',
              !episode.title && 'unit-row__title',
            )}
          >
            {t('units.episodeNumber', { number: episode.number })}
          </span>{' '}
          {episode.title ? <span className="unit-row__title">{episode.title}</span> : null}{' '}
          {status ? (
            <span className={clsx('unit-row__meta', watched && 'unit-row__status--done')}>
              {watched ? <Check aria-hidden="true" /> : null}
              {status}
            </span>
          ) : null}
        </span>
      </button>
    </li>
  );
}

function IssueRow({ issue, onOpen }: { issue: IssueSummary; onOpen: (id: string) => void }) {
  const { t } = useTranslation('media');
  const finished = issue.progress?.finished === true;
  const pages = t('units.pages', { count: issue.pageCount });
  const progress = finished
    ? t('units.read')
    : issue.progress
      ? t('units.readAt', { page: issue.progress.page, pages: issue.pageCount })
      : null;
  const fraction = finished
    ? 1
    : issue.progress && issue.pageCount > 0
      ? issue.progress.page / issue.pageCount
      : 0;
  return (
    <li data-issue-id={issue.id}>
      <button
        type="button"
        className={clsx('unit-row', 'unit-row--issue', finished && 'unit-row--done')}
        onClick={() => onOpen(issue.id)}
      >
        <span className="unit-row__thumb unit-row__thumb--page">
          <MediaImage src={issue.thumbnailUrl} alt="" ratio="page" />
          {fraction > 0 && !finished ? (
            <span className="media-progress" aria-hidden="true">
              <span
                className="media-progress__bar"
                style={{ width: `${Math.min(1, fraction) * 100}%` }}
              />
            </span>
          ) : null}
        </span>
        <span className="unit-row__text">
          <span
            className={clsx('unit-row__number', 'tabular-nums', !issue.title && 'unit-row__title')}
          >
            {t('units.issueNumber', { number: issue.number })}
          </span>{' '}
          {issue.title ? <span className="unit-row__title">{issue.title}</span> : null}{' '}
          <span
            className={clsx('unit-row__meta', 'tabular-nums', finished && 'unit-row__status--done')}
          >
            {finished ? <Check aria-hidden="true" /> : null}
            {progress ? `${pages} · ${progress}` : pages}
          </span>
        </span>
      </button>
    </li>
  );
}

function IssueRows({ issues, onOpen }: { issues: IssueSummary[]; onOpen: (id: string) => void }) {
  return (
    <ul className="unit-list unit-list--issues">
      {issues.map((issue) => (
        <IssueRow key={issue.id} issue={issue} onOpen={onOpen} />
      ))}
    </ul>
  );
}

function VolumeBlock({
  volume,
  onOpenIssue,
}: {
  volume: Volume;
  onOpenIssue: (id: string) => void;
}) {
  const { t } = useTranslation('media');
  return (
    <li className="volume">
      <div className="volume__head">
        <MediaImage src={volume.coverUrl} alt="" ratio="cover" className="volume__cover" />
        <div className="volume__text">
          <h3 className="volume__title">
            {volume.title
              ? t('units.volumeLabel', { number: volume.number, title: volume.title })
              : t('units.volumeNumber', { number: volume.number })}
          </h3>
          <span className="volume__count tabular-nums">
            {t('counts.issues', { count: volume.issues.length, formatted: volume.issues.length })}
          </span>
        </div>
      </div>
      {volume.issues.length > 0 ? (
        <IssueRows issues={volume.issues} onOpen={onOpenIssue} />
      ) : (
        <p className="volume__empty">{t('units.noIssues')}</p>
      )}
    </li>
  );
}

/** The pager of media pages (spec §3): `?page=N`, page 1 without the parameter. */
export function MediaPager({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useTranslation('media');
  const [searchParams] = useSearchParams();
  if (pageCount <= 1) return null;
  const hrefFor = (n: number) => {
    const next = new URLSearchParams(searchParams);
    if (n <= 1) next.delete(PAGE_PARAM);
    else next.set(PAGE_PARAM, String(n));
    const search = next.toString();
    return { search: search ? `?${search}` : '' };
  };
  const previous = page > 1 ? Math.min(page - 1, pageCount) : null;
  const next = page < pageCount ? page + 1 : null;
  return (
    <nav className="media-pager" aria-label={t('pager.label')}>
      {previous ? (
        <Button asChild variant="secondary" size="sm">
          <Link to={hrefFor(previous)} preventScrollReset rel="prev">
            <ChevronLeft aria-hidden="true" size={18} />
            {t('pager.previous')}
          </Link>
        </Button>
      ) : (
        <Button variant="secondary" size="sm" className="media-button" disabled>
          <ChevronLeft aria-hidden="true" size={18} />
          {t('pager.previous')}
        </Button>
      )}
      <span className="media-pager__status tabular-nums" aria-current="page">
        {t('pager.status', { page, pages: pageCount })}
      </span>
      {next ? (
        <Button asChild variant="secondary" size="sm">
          <Link to={hrefFor(next)} preventScrollReset rel="next">
            {t('pager.next')}
            <ChevronRight aria-hidden="true" size={18} />
          </Link>
        </Button>
      ) : (
        <Button variant="secondary" size="sm" className="media-button" disabled>
          {t('pager.next')}
          <ChevronRight aria-hidden="true" size={18} />
        </Button>
      )}
    </nav>
  );
}

function UnitsSkeleton({ kind }: { kind: MediaKind }) {
  const { t } = useTranslation('media');
  return (
    <div role="status">
      <span className="visually-hidden">{t('loading')}</span>
      <ul className="unit-list" aria-hidden="true">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className="unit-row unit-row--skeleton">
            <Skeleton
              className={clsx(
                'unit-row__thumb',
                kind === 'video' ? 'unit-row__thumb--video' : 'unit-row__thumb--page',
              )}
            />
            <span className="unit-row__text">
              <Skeleton shape="text" width={56} />
              <Skeleton shape="text" width={`${50 + ((i * 13) % 35)}%`} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function UnitsList({
  data,
  onOpenEpisode,
  onOpenIssue,
}: {
  data: MediaPage;
  onOpenEpisode: (id: string) => void;
  onOpenIssue: (id: string) => void;
}) {
  const { t } = useTranslation('media');
  const blurUnwatched = useBlurUnwatchedThumbnails();
  const empty =
    data.kind === 'video'
      ? data.episodes.length === 0
      : data.kind === 'manga'
        ? data.volumes.length === 0
        : data.issues.length === 0;
  if (empty)
    return (
      <EmptyState
        icon={<Inbox />}
        title={t(`units.empty.${data.kind}`)}
        description={t('units.emptyHint')}
        headingLevel={3}
      />
    );
  if (data.kind === 'video')
    return (
      <ul className="unit-list unit-list--episodes">
        {data.episodes.map((episode) => (
          <EpisodeRow
            key={episode.id}
            episode={episode}
            onOpen={onOpenEpisode}
            blurUnwatched={blurUnwatched}
          />
        ))}
      </ul>
    );
  if (data.kind === 'manga')
    return (
      <ul className="volume-list">
        {data.volumes.map((volume) => (
          <VolumeBlock key={volume.id} volume={volume} onOpenIssue={onOpenIssue} />
        ))}
      </ul>
    );
  return <IssueRows issues={data.issues} onOpen={onOpenIssue} />;
}

export interface MediaUnitsProps {
  mediaId: string;
  kind: MediaKind;
  /** 1-based, from `?page=`. */
  page: number;
  onOpenEpisode: (episodeId: string) => void;
  onOpenIssue: (issueId: string) => void;
}

/**
 * The landing's list of episodes (video), volumes with their issues (manga) or issues (sequence),
 * one media page at a time (`GET /media-pages/{mediaId}` or `{mediaId}-{n}`), with the pager.
 */
export function MediaUnits({ mediaId, kind, page, onOpenEpisode, onOpenIssue }: MediaUnitsProps) {
  const { t } = useTranslation('media');
  const query = useMediaPageQuery(mediaId, page);
  const sectionRef = useRef<HTMLElement>(null);
  const headingId = useId();
  const heading =
    kind === 'video'
      ? t('units.episodes')
      : kind === 'manga'
        ? t('units.volumes')
        : t('units.issues');

  // A new page of the list: bring its top into view if the pager left it above the screen.
  const shownPage = query.isPlaceholderData ? undefined : query.data?.page;
  const lastPage = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (shownPage === undefined) return;
    const previous = lastPage.current;
    lastPage.current = shownPage;
    if (previous === undefined || previous === shownPage) return;
    const el = sectionRef.current;
    if (el && typeof el.scrollIntoView === 'function' && el.getBoundingClientRect().top < 0)
      el.scrollIntoView({ block: 'start' });
  }, [shownPage]);

  let body;
  if (query.isPending) body = <UnitsSkeleton kind={kind} />;
  else if (query.isError && (!query.data || query.isPlaceholderData)) {
    const missing = isApiError(query.error) && query.error.status === 404;
    body = missing ? (
      <EmptyState
        icon={<Inbox />}
        title={t('units.pageMissing')}
        headingLevel={3}
        action={
          <Button asChild variant="secondary">
            <Link to={`/media/${encodeURIComponent(mediaId)}`}>{t('units.firstPage')}</Link>
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<CircleAlert />}
        title={t('units.error')}
        description={apiErrorText(t, query.error)}
        headingLevel={3}
        action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  } else if (query.data)
    body = (
      <>
        <UnitsList data={query.data} onOpenEpisode={onOpenEpisode} onOpenIssue={onOpenIssue} />
        <MediaPager page={page} pageCount={query.data.pageCount} />
      </>
    );

  return (
    <section
      ref={sectionRef}
      className="media-units"
      aria-labelledby={headingId}
      aria-busy={query.isPlaceholderData || undefined}
      data-page-id={mediaPageId(mediaId, page)}
    >
      <h2 id={headingId} className="media-landing__section-title">
        {heading}
      </h2>
      {body}
    </section>
  );
}
