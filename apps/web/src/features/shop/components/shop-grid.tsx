import type { ShopItemSummary } from '@otakura/shared';
import { CircleAlert, Heart, SearchX, ShoppingBag } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorText } from '@/lib/api-error-text';
import { formatCompact } from '@/lib/format';
import { formatNumber } from '@/lib/i18n';
import { useShopSearchQuery } from '../api/search-shop-items';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { formatMoney } from '../utils/format-money';
import { ShopImage } from './shop-image';
import './shop-grid.css';

/** Typing settles this long (ms) before the grid is asked for. */
export const SHOP_SEARCH_DEBOUNCE_MS = 250;
/** Start the next page this far (px) before the end of the grid is reached. */
const PREFETCH_MARGIN_PX = 600;

function ShopCard({ item }: { item: ShopItemSummary }) {
  const { t } = useTranslation('shop');
  return (
    <li>
      <Link to={`/item/${encodeURIComponent(item.id)}`} className="shop-card">
        <span className="shop-card__media">
          <ShopImage src={item.imageUrl} alt="" className="shop-card__image" />
          {item.soldOut ? (
            <span className="shop-badge shop-card__badge">{t('soldOut')}</span>
          ) : null}
        </span>
        <span className="shop-card__text">
          <span className="shop-card__name">{item.name}</span>
          <span className="shop-card__meta">
            <span className="shop-card__price tabular-nums">
              {formatMoney(item.priceCents, item.currency)}
            </span>
            <span className="shop-card__likes">
              <Heart aria-hidden="true" />
              <span aria-hidden="true" className="tabular-nums">
                {formatCompact(item.likeCount)}
              </span>
              <span className="visually-hidden">
                {t('counts.likes', {
                  count: item.likeCount,
                  formatted: formatNumber(item.likeCount),
                })}
              </span>
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}

function SkeletonCards({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} aria-hidden="true">
          <span className="shop-card shop-card--skeleton">
            <Skeleton className="shop-card__skeleton-image" />
            <span className="shop-card__text">
              <Skeleton shape="text" width={`${50 + ((i * 17) % 40)}%`} height={16} />
              <Skeleton shape="text" width={72} />
            </span>
          </span>
        </li>
      ))}
    </>
  );
}

/**
 * /shop (spec §2 Shop): a grid of the items whose name contains the top bar's text, newest first,
 * each card linking to its item page with picture, name, price and likes; more load near the end.
 */
export function ShopGrid({ text }: { text: string }) {
  const { t } = useTranslation('shop');
  const q = useDebouncedValue(text, SHOP_SEARCH_DEBOUNCE_MS).trim();
  const query = useShopSearchQuery(q);
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
        <ul className="shop-grid" aria-hidden="true">
          <SkeletonCards count={8} />
        </ul>
      </div>
    );
  }

  // No grid yet, or the new text failed (e.g. too long: the server's message): the old grid would mislead.
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
      <EmptyState icon={<ShoppingBag />} title={t('list.none')} description={t('list.noneHint')} />
    );
  }

  return (
    <div className="shop-grid-wrap" aria-busy={query.isPlaceholderData || undefined}>
      <ul className="shop-grid" aria-label={t('list.label')}>
        {items.map((item) => (
          <ShopCard key={item.id} item={item} />
        ))}
        {isFetchingNextPage ? <SkeletonCards count={4} /> : null}
      </ul>
      <div ref={sentinel} />
      {hasNextPage ? (
        <div className="shop-grid__more">
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
