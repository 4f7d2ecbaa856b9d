import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/i18n';
import { useOrdersQuery } from '../api/get-orders';
import { OrderStatusBadge } from './order-status-badge';
import { OrderSummary } from './order-summary';
import './orders.css';

export interface PurchasesListProps {
  /** What to show when the user has no orders yet. */
  empty: ReactNode;
}

/** /purchases: the user's orders, newest first, a page at a time; each with its status and lines. */
export function PurchasesList({ empty }: PurchasesListProps) {
  const { t } = useTranslation('orders');
  const query = useOrdersQuery();

  if (query.isPending) {
    return (
      <div role="status" aria-busy="true">
        <span className="visually-hidden">{t('loading')}</span>
        <ul className="purchases" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <li key={i}>
              <Card>
                <Skeleton shape="text" width="40%" />
                <Skeleton shape="text" width="80%" />
                <Skeleton shape="text" width="60%" />
              </Card>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <EmptyState
        title={t('purchases.loadError')}
        action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }

  const orders = query.data.pages.flatMap((p) => p.items);
  if (orders.length === 0) return <>{empty}</>;

  return (
    <section aria-label={t('purchases.list')}>
      <ul className="purchases">
        {orders.map((order) => (
          <li key={order.id} data-testid="purchase">
            <Card>
              <div className="purchases__head">
                <h2 className="purchases__title">
                  {t('purchases.order', { date: formatDate(order.createdAt) })}
                </h2>
                <OrderStatusBadge status={order.status} />
              </div>
              <OrderSummary lines={order.lines} totals={order} />
              {order.shippedAt ? (
                <p className="order-result__muted" data-testid="order-shipped">
                  {t('purchases.shipped', { date: formatDate(order.shippedAt) })}
                </p>
              ) : null}
              {order.status === 'cancelled' || order.status === 'refunded' ? (
                <p className="order-result__muted">
                  {t(`reasons.${order.cancelReason ?? 'other'}`, {
                    defaultValue: t('reasons.other'),
                  })}
                </p>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
      {query.hasNextPage || query.isFetchNextPageError ? (
        <div className="purchases__more">
          <Button
            variant="secondary"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchNextPageError ? t('retry') : t('purchases.loadMore')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
