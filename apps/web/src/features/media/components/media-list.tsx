import type { MediaSummary } from '@otakura/shared';
import { CircleAlert, Clapperboard, Eye, Heart, SearchX } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorText } from '@/lib/api-error-text';
import { useMediaSearchQuery } from '../api/search-media';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { CompactCount, MediaKindChip, unitCounts } from './media-kind';
import { MediaImage } from './media-image';
import './media-list.css';

/** Typing settles this long (ms) before the list is asked for. */
export const MEDIA_SEARCH_DEBOUNCE_MS = 250;
/** Start the next page this far (px) before the end of the list is reached. */
const PREFETCH_MARGIN_PX = 600;

function MediaRow({ media }: { media: MediaSummary }) {
  return (
    <li>
      <Link to={`/media/${encodeURIComponent(media.id)}`} className="media-row">
        <MediaImage src={media.coverUrl} alt="" ratio="cover" className="media-row__cover" />
        <span className="media-row__text">
          <span className="media-row__title">{media.title}</span>
          <MediaKindChip kind={media.kind} nsfw={media.nsfw} />
          <span className="media-row__counts">
            {unitCounts(media).map((c) => (
              <CompactCount key={c.key} value={c.value} countKey={c.key} />
            ))}
          </span>
          <span className="media-row__counts">
            <CompactCount
              value={media.likeCount}
              countKey="likes"
              icon={<Heart aria-hidden="true" />}
              className="media-row__stat"
            />
            {media.kind === 'video' ? (
              <CompactCount
                value={media.viewCount}
                countKey="views"
                icon={<Eye aria-hidden="true" />}
                className="media-row__stat"
              />
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

function SkeletonRows({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} aria-hidden="true">
          <span className="media-row media-row--skeleton">
            <Skeleton className="media-row__cover media-row__cover--skeleton" />
            <span className="media-row__text">
              <Skeleton shape="text" width={`${45 + ((i * 17) % 40)}%`} height={18} />
              <Skeleton shape="text" width={64} />
              <Skeleton shape="text" width={120} />
            </span>
          </span>
        </li>
      ))}
    </>
  );
}

/** /media: every series whose title or a keyword contains the top bar's text, alphabetically (spec §2). */
export function MediaList({ text }: { text: string }) {
  const { t } = useTranslation('media');
  const q = useDebouncedValue(text, MEDIA_SEARCH_DEBOUNCE_MS).trim();
  const query = useMediaSearchQuery(q);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const sentinel = useRef<HTMLDivElement>(null);

  // Infinite scroll: the next page loads as the end comes near (the button stays as a fallback).
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

  if (query.isPending) {
    return (
      <div role="status" aria-live="polite">
        <span className="visually-hidden">{t('loading')}</span>
        <ul className="media-list" aria-hidden="true">
          <SkeletonRows count={9} />
        </ul>
      </div>
    );
  }

  // No list yet, or the new text failed (e.g. too long: the server's message): the old list would mislead.
  if (query.isError && (!query.data || query.isPlaceholderData)) {
    return (
      <EmptyState
        icon={<CircleAlert />}
        title={t('list.error')}
        description={apiErrorText(t, query.error)}
        action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }

  if (items.length === 0) {
    return q ? (
      <EmptyState
        icon={<SearchX />}
        title={t('list.noMatch', { q })}
        description={t('list.noMatchHint')}
      />
    ) : (
      <EmptyState icon={<Clapperboard />} title={t('list.none')} description={t('list.noneHint')} />
    );
  }

  return (
    <div className="media-list-wrap" aria-busy={query.isPlaceholderData || undefined}>
      <ul className="media-list" aria-label={t('list.label')}>
        {items.map((m) => (
          <MediaRow key={m.id} media={m} />
        ))}
        {isFetchingNextPage ? <SkeletonRows count={3} /> : null}
      </ul>
      <div ref={sentinel} />
      {hasNextPage ? (
        <div className="media-list__more">
          {isFetchNextPageError ? <p role="alert">{apiErrorText(t, query.error)}</p> : null}
          <Button
            variant="secondary"
            loading={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchNextPageError ? t('retry') : t('list.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
