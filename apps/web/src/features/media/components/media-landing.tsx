import type { Media, MediaNextUp } from '@otakura/shared';
import { BookOpen, CircleAlert, Clapperboard, MessageCircle, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/components/page/page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { formatCompact } from '@/lib/format';
import { formatNumber } from '@/lib/i18n';
import { useMediaQuery } from '../api/get-media';
import { useMediaOverlay } from '../hooks/use-media-overlay';
import { PAGE_PARAM, parsePageParam } from '../utils/page-param';
import { MediaCommentsModal } from './media-comments-modal';
import { MediaImage } from './media-image';
import { MediaKindChip } from './media-kind';
import { MediaLikeButton } from './media-like-button';
import { MediaOverlays } from './media-overlays';
import { MediaUnits } from './media-units';
import './media-shared.css';
import './media-landing.css';
import './media-units.css';

export interface MediaLandingProps {
  mediaId: string;
  /** The comments panel is open (`/media/comments/:id`). */
  commentsOpen: boolean;
  onOpenComments: () => void;
  onCloseComments: () => void;
  /** The entry's comments, composed by the app (features/comments). */
  renderComments?: (media: Media) => ReactNode;
  /** The series' merch shelf under its episodes or volumes, composed by the app (features/shop). */
  renderMerch?: (media: Media) => ReactNode;
}

/** The landing at its final sizes, so nothing jumps when the entry arrives. */
function LandingSkeleton() {
  const { t } = useTranslation('media');
  return (
    <div className="media-landing" role="status">
      <div aria-hidden="true">
        <Skeleton className="media-landing__banner media-landing__banner--skeleton" />
      </div>
      <div className="media-landing__head" aria-hidden="true">
        <Skeleton className="media-landing__cover media-landing__cover--skeleton" />
        <div className="media-landing__identity">
          <Skeleton shape="text" width={72} />
          <Skeleton shape="text" width="min(360px, 80%)" height={30} />
          <Skeleton shape="text" width={140} />
        </div>
      </div>
      <p className="media-landing__loading">{t('loading')}</p>
    </div>
  );
}

function MediaNotFound() {
  const { t } = useTranslation('media');
  useDocumentTitle(t('landing.notFound'));
  return (
    <EmptyState
      icon={<Clapperboard />}
      title={t('landing.notFound')}
      description={t('landing.notFoundHint')}
      headingLevel={1}
      action={
        <Button asChild variant="secondary">
          <Link to="/media">{t('landing.browse')}</Link>
        </Button>
      }
    />
  );
}

function NextUpButton({
  nextUp,
  onOpenEpisode,
  onOpenIssue,
}: {
  nextUp: MediaNextUp;
  onOpenEpisode: (id: string) => void;
  onOpenIssue: (id: string) => void;
}) {
  const { t } = useTranslation('media');
  if (nextUp.type === 'episode') {
    const detail = nextUp.title
      ? t('landing.nextEpisode', { number: nextUp.number, title: nextUp.title })
      : t('landing.nextEpisodeUntitled', { number: nextUp.number });
    return (
      <div className="media-landing__next">
        <Button size="lg" className="media-button" onClick={() => onOpenEpisode(nextUp.episodeId)}>
          <Play aria-hidden="true" size={18} fill="currentColor" />
          {nextUp.started
            ? t('landing.continueEpisode', { number: nextUp.number })
            : t('landing.play')}
        </Button>
        <span className="media-landing__next-detail">{detail}</span>
      </div>
    );
  }
  return (
    <div className="media-landing__next">
      <Button size="lg" className="media-button" onClick={() => onOpenIssue(nextUp.issueId)}>
        <BookOpen aria-hidden="true" size={18} />
        {nextUp.started ? t('landing.continue') : t('landing.read')}
      </Button>
      <span className="media-landing__next-detail tabular-nums">
        {t('landing.nextIssue', {
          number: nextUp.number,
          page: nextUp.page,
          pages: nextUp.pageCount,
        })}
      </span>
    </div>
  );
}

function Stat({ value, label, testId }: { value: number; label: string; testId?: string }) {
  return (
    <li className="media-landing__stat">
      <span className="media-landing__stat-value tabular-nums" data-testid={testId}>
        {formatCompact(value)}
      </span>{' '}
      <span className="media-landing__stat-label">{label}</span>
    </li>
  );
}

function LandingView({
  media,
  commentsOpen,
  onOpenComments,
  onCloseComments,
  renderComments,
  renderMerch,
}: Omit<MediaLandingProps, 'mediaId'> & { media: Media }) {
  const { t } = useTranslation('media');
  useDocumentTitle(media.title);
  const overlay = useMediaOverlay();
  const [searchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get(PAGE_PARAM));
  const isVideo = media.kind === 'video';

  return (
    <article className="media-landing">
      <MediaImage
        src={media.bannerUrl}
        alt=""
        ratio="banner"
        eager
        className="media-landing__banner"
      />
      <div className="media-landing__head">
        <MediaImage
          src={media.coverUrl}
          alt=""
          ratio="cover"
          eager
          className="media-landing__cover"
        />
        <div className="media-landing__identity">
          <MediaKindChip kind={media.kind} nsfw={media.nsfw} />
          <h1 className="media-landing__title">{media.title}</h1>
          {media.author ? (
            <p className="media-landing__author">{t('landing.by', { author: media.author })}</p>
          ) : null}
          {media.language ? (
            <p className="media-landing__language">
              {t('landing.language', { language: media.language })}
            </p>
          ) : null}
        </div>
      </div>

      <div className="media-landing__bar">
        <ul className="media-landing__stats" aria-label={t('landing.statsLabel')}>
          {isVideo ? (
            <>
              <Stat value={media.viewCount} label={t('landing.views')} testId="media-view-count" />
              <Stat value={media.episodeCount} label={t('landing.episodes')} />
            </>
          ) : (
            <>
              <Stat value={media.issueCount} label={t('landing.issue')} />
              {/* A manga's volumes are its sequences; a sequence entry is one sequence of issues. */}
              <Stat
                value={media.kind === 'manga' ? media.volumeCount : 1}
                label={t('landing.sequences')}
              />
            </>
          )}
        </ul>
        <div className="media-landing__actions">
          {media.nextUp ? (
            <NextUpButton
              nextUp={media.nextUp}
              onOpenEpisode={overlay.openEpisode}
              onOpenIssue={overlay.openIssue}
            />
          ) : null}
          <MediaLikeButton media={media} />
          <span className="media-action">
            <button
              type="button"
              className="media-action__button"
              aria-haspopup="dialog"
              aria-expanded={commentsOpen}
              onClick={onOpenComments}
            >
              <MessageCircle aria-hidden="true" />
              <span className="visually-hidden">
                {t('counts.comments', {
                  count: media.commentCount,
                  formatted: formatNumber(media.commentCount),
                })}
              </span>
              <span className="media-action__count tabular-nums" aria-hidden="true">
                {formatCompact(media.commentCount)}
              </span>
            </button>
          </span>
        </div>
      </div>

      <section className="media-landing__about" aria-labelledby="media-about">
        <h2 id="media-about" className="media-landing__section-title">
          {t('landing.about')}
        </h2>
        <p className={media.about ? undefined : 'media-landing__muted'}>
          {media.about || t('landing.noAbout')}
        </p>
        {media.keywords.length > 0 ? (
          <ul className="media-landing__keywords" aria-label={t('landing.keywords')}>
            {media.keywords.map((keyword) => (
              <li key={keyword}>
                <Link
                  className="media-keyword"
                  to={{ pathname: '/media', search: `?${new URLSearchParams({ q: keyword })}` }}
                  title={t('landing.keywordSearch', { keyword })}
                >
                  {keyword}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <MediaUnits
        key={media.id}
        mediaId={media.id}
        kind={media.kind}
        page={page}
        onOpenEpisode={overlay.openEpisode}
        onOpenIssue={overlay.openIssue}
      />

      {renderMerch?.(media)}

      <MediaCommentsModal open={commentsOpen} title={media.title} onClose={onCloseComments}>
        {renderComments?.(media)}
      </MediaCommentsModal>
      <MediaOverlays overlay={overlay} />
    </article>
  );
}

/**
 * The media landing (spec §2 Media landing): banner, cover, title, 'By: author', About, Views
 * (video) or Issue and Sequences (manga, sequence), keywords, like, the comments in the media
 * modal, Play / Read / Continue, and the episodes or volumes one media page at a time. The
 * player and the reader open over it from the address (`?episode=`, `?issue=`).
 */
export function MediaLanding({ mediaId, ...rest }: MediaLandingProps) {
  const { t } = useTranslation('media');
  const query = useMediaQuery(mediaId);
  if (query.isPending) return <LandingSkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400))
      return <MediaNotFound />;
    return (
      <EmptyState
        icon={<CircleAlert />}
        title={t('landing.loadError')}
        description={apiErrorText(t, query.error)}
        headingLevel={1}
        action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  return <LandingView media={query.data} {...rest} />;
}
