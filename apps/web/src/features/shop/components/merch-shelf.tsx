import type { MerchItem } from '@otakura/shared';
import { Check, ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorText } from '@/lib/api-error-text';
import { isApiError } from '@/lib/api-client';
import { useMerchShelfQuery } from '../api/get-merch-shelf';
import type { MerchShelfOf } from '../api/shop-keys';
import { formatMoney } from '../utils/format-money';
import { ShopImage } from './shop-image';
import './shop-grid.css';
import './merch-shelf.css';

/** Cards shown while the shelf loads (the row is one card high whatever their number). */
const SKELETON_CARDS = 5;

function MerchCard({ item }: { item: MerchItem }) {
  const { t } = useTranslation('shop');
  return (
    <li className="merch-shelf__item">
      <Link to={`/item/${encodeURIComponent(item.id)}`} className="shop-card merch-card">
        <span className="shop-card__media">
          <ShopImage src={item.imageUrl} alt="" className="shop-card__image" />
          {item.soldOut ? (
            <span className="shop-badge shop-card__badge">{t('soldOut')}</span>
          ) : null}
          {item.owned ? (
            <span className="shop-badge merch-card__owned">
              <Check aria-hidden="true" />
              {t('merch.owned')}
            </span>
          ) : null}
        </span>
        <span className="shop-card__text">
          <span className="shop-card__name">{item.name}</span>
          <span className="shop-card__meta">
            <span className="shop-card__price tabular-nums">
              {formatMoney(item.priceCents, item.currency)}
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}

/** Whether the row can scroll further back or forward (the arrows are disabled at the ends). */
function useScrollEnds(list: RefObject<HTMLUListElement | null>, count: number) {
  const [ends, setEnds] = useState({ start: true, end: true });
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const update = () => {
      // Right-to-left layouts report a negative scrollLeft: compare magnitudes.
      const left = Math.abs(el.scrollLeft);
      const next = { start: left <= 1, end: left + el.clientWidth >= el.scrollWidth - 1 };
      setEnds((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
    };
    el.addEventListener('scroll', update, { passive: true });
    // A ResizeObserver reports once as soon as it observes, so the first state needs no call here.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [list, count]);
  return ends;
}

export interface MerchShelfProps {
  /** The series (media entry) or community whose merch this is. */
  of: MerchShelfOf;
  /** The heading's level where the shelf sits (2 on the series and community pages). */
  headingLevel?: 2 | 3;
}

/**
 * "Merch" (issue 12): a horizontal row of the series' or community's shop items, each card with
 * its picture, name and price linking to the item page; volumes the viewer owns say so. A skeleton
 * row while loading; nothing at all when there is no merch.
 */
export function MerchShelf({ of, headingLevel = 2 }: MerchShelfProps) {
  const { t } = useTranslation('shop');
  const headingId = useId();
  const query = useMerchShelfQuery(of);
  const list = useRef<HTMLUListElement>(null);
  const items = query.data?.items ?? [];
  const ends = useScrollEnds(list, items.length);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';

  // Nothing to show: no merch, or the series or community is gone (its own page says so).
  if (query.isSuccess && items.length === 0) return null;
  if (query.isError && isApiError(query.error) && query.error.status === 404) return null;

  const scroll = (direction: 1 | -1) => {
    const el = list.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
    el.scrollBy({ left: direction * rtl * el.clientWidth * 0.8, behavior: 'smooth' });
  };

  return (
    <section
      className="merch-shelf"
      aria-labelledby={headingId}
      aria-busy={query.isPending || undefined}
    >
      <div className="merch-shelf__head">
        <Heading id={headingId} className="merch-shelf__title">
          {t('merch.heading')}
        </Heading>
        {query.isSuccess && !(ends.start && ends.end) ? (
          <div className="merch-shelf__arrows">
            <IconButton
              size="sm"
              variant="secondary"
              aria-label={t('merch.previous')}
              aria-controls={`${headingId}-list`}
              disabled={ends.start}
              onClick={() => scroll(-1)}
            >
              <ChevronLeft aria-hidden="true" />
            </IconButton>
            <IconButton
              size="sm"
              variant="secondary"
              aria-label={t('merch.next')}
              aria-controls={`${headingId}-list`}
              disabled={ends.end}
              onClick={() => scroll(1)}
            >
              <ChevronRight aria-hidden="true" />
            </IconButton>
          </div>
        ) : null}
      </div>
      {query.isPending ? (
        <div role="status">
          <span className="visually-hidden">{t('merch.loading')}</span>
          <ul className="merch-shelf__list" aria-hidden="true">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <li key={i} className="merch-shelf__item">
                <span className="shop-card shop-card--skeleton">
                  <Skeleton className="shop-card__skeleton-image" />
                  <span className="shop-card__text">
                    <Skeleton shape="text" width={`${55 + ((i * 17) % 35)}%`} height={16} />
                    <Skeleton shape="text" width={64} />
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : query.isError ? (
        <div className="merch-shelf__error" role="alert">
          <p>
            {t('merch.error')} {apiErrorText(t, query.error)}
          </p>
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <ul
          ref={list}
          id={`${headingId}-list`}
          className="merch-shelf__list"
          aria-labelledby={headingId}
        >
          {items.map((item) => (
            <MerchCard key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
