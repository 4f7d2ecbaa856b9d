import type { CommunitySummary } from '@otakura/shared';
import { CircleAlert, SearchX, Users } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCompact } from '@/lib/format';
import { useCommunitySearchQuery } from '../api/search-communities';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { apiErrorText } from '@/lib/api-error-text';
import './community-search.css';

/** Typing settles this long (ms) before the list is asked for. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Start the next page this far (px) before the end of the list is reached. */
const PREFETCH_MARGIN_PX = 600;

type Row = CommunitySummary & { isMember: boolean };

function CommunityRow({ community }: { community: Row }) {
  const { t } = useTranslation('communities');
  return (
    <li>
      <Link to={`/community/${encodeURIComponent(community.id)}`} className="community-row">
        <Avatar src={community.thumbnailUrl} name={community.name} size={48} decorative />
        <span className="community-row__text">
          <span className="community-row__name">{community.name}</span>
          <span className="community-row__members tabular-nums">
            {t('members', { n: formatCompact(community.memberCount) })}
          </span>
        </span>
        {community.isMember ? (
          <span className="community-row__badge">{t('memberBadge')}</span>
        ) : null}
      </Link>
    </li>
  );
}

function SkeletonRows({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="community-row community-row--skeleton" aria-hidden="true">
          <Skeleton shape="circle" width={48} height={48} />
          <span className="community-row__text">
            <Skeleton shape="text" width={`${40 + ((i * 17) % 35)}%`} />
            <Skeleton shape="text" width={90} />
          </span>
        </li>
      ))}
    </>
  );
}

/** /search: communities whose name contains the top bar's text, alphabetically (spec §2). */
export function CommunitySearch({ text }: { text: string }) {
  const { t } = useTranslation('communities');
  const q = useDebouncedValue(text, SEARCH_DEBOUNCE_MS).trim();
  const query = useCommunitySearchQuery(q);
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
        <ul className="community-list" aria-hidden="true">
          <SkeletonRows count={8} />
        </ul>
      </div>
    );
  }

  // No list yet, or the new text failed (e.g. too long: the server's message): the old list would mislead.
  if (query.isError && (!query.data || query.isPlaceholderData)) {
    return (
      <EmptyState
        icon={<CircleAlert />}
        title={t('search.error')}
        description={apiErrorText(t, query.error)}
        action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }

  if (items.length === 0) {
    return q ? (
      <EmptyState
        icon={<SearchX />}
        title={t('search.noMatch', { q })}
        description={t('search.noMatchHint')}
      />
    ) : (
      <EmptyState icon={<Users />} title={t('search.none')} />
    );
  }

  return (
    <div className="community-search" aria-busy={query.isPlaceholderData || undefined}>
      <ul className="community-list" aria-label={t('search.listLabel')}>
        {items.map((c) => (
          <CommunityRow key={c.id} community={c} />
        ))}
        {isFetchingNextPage ? <SkeletonRows count={3} /> : null}
      </ul>
      <div ref={sentinel} />
      {hasNextPage ? (
        <div className="community-search__more">
          {isFetchNextPageError ? <p role="alert">{apiErrorText(t, query.error)}</p> : null}
          <Button
            variant="secondary"
            loading={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchNextPageError ? t('retry') : t('search.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
