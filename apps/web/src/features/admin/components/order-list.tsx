import { Package, Truck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage } from '@/components/admin/admin-page';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { useToast } from '@/components/ui/toast';
import { apiErrorText } from '@/lib/api-error-text';
import { formatDate } from '@/lib/i18n';
import {
  canShip,
  ORDER_FILTERS,
  useAdminOrdersQuery,
  useShipOrderMutation,
  type AdminOrderRow,
  type OrderFilter,
} from '../api/orders';
import { formatMoney } from '../utils/format-money';
import { ListError, ListSkeleton, LoadMore } from './list-states';
import './admin-lists.css';
import './order-list.css';

/**
 * The last 8 hex digits of an order id: its random part (a UUIDv7 starts with the time, so the
 * first digits are shared by every order of the same minute).
 */
export const shortOrderId = (id: string) => id.replace(/-/g, '').slice(-8).toUpperCase();

const dateTime = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

/** `/admin/orders`: every buyer's orders (to ship, shipped, all), with Mark shipped for paid ones. */
export function OrderList() {
  const { t } = useTranslation('admin');
  const [filter, setFilter] = useState<OrderFilter>('to_ship');
  const query = useAdminOrdersQuery(filter);
  const orders = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <AdminPage title={t('orders.title')} subtitle={t('orders.subtitle')}>
      <div className="admin-filters" role="group" aria-label={t('orders.filtersLabel')}>
        {ORDER_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className="admin-filters__button"
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
          >
            {t(`orders.filters.${f}`)}
          </button>
        ))}
      </div>

      {query.isPending ? (
        <ListSkeleton rows={4} />
      ) : query.isError && orders.length === 0 ? (
        <ListError error={query.error} onRetry={() => void query.refetch()} />
      ) : orders.length === 0 ? (
        <EmptyState
          icon={<Package />}
          title={t(`orders.empty.${filter}.title`)}
          description={t(`orders.empty.${filter}.description`)}
        />
      ) : (
        <>
          <ul className="admin-orders">
            {orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
          <LoadMore
            hasNextPage={query.hasNextPage}
            isFetchingNextPage={query.isFetchingNextPage}
            error={query.isFetchNextPageError ? apiErrorText(t, query.error) : undefined}
            onLoadMore={() => void query.fetchNextPage()}
          />
        </>
      )}
    </AdminPage>
  );
}

function StatusBadge({ order }: { order: AdminOrderRow }) {
  const { t } = useTranslation('admin');
  if (order.shippedAt) {
    return <span className="admin-badge admin-badge--info">{t('orders.status.shipped')}</span>;
  }
  const tone =
    order.status === 'paid'
      ? 'success'
      : order.status === 'pending'
        ? 'warning'
        : order.status === 'refunded'
          ? 'danger'
          : 'muted';
  return (
    <span className={`admin-badge admin-badge--${tone}`}>{t(`orders.status.${order.status}`)}</span>
  );
}

/** One order: id, status, buyer, date, lines, total, and Mark shipped (confirmed) when it may ship. */
export function OrderCard({ order }: { order: AdminOrderRow }) {
  const { t } = useTranslation('admin');
  const { toast } = useToast();
  const ship = useShipOrderMutation();
  const id = shortOrderId(order.id);
  const headingId = `order-${order.id}`;

  const confirmShip = async () => {
    try {
      await ship.mutateAsync(order.id);
      toast({ variant: 'success', title: t('orders.shipped') });
    } catch (error) {
      toast({
        variant: 'error',
        title: t('orders.shipFailed'),
        description: apiErrorText(t, error),
      });
      throw error;
    }
  };

  return (
    <article className="admin-order" aria-labelledby={headingId}>
      <header className="admin-order__header">
        <h2 id={headingId} className="admin-order__title">
          {t('orders.order', { id })}
        </h2>
        <StatusBadge order={order} />
      </header>

      <dl className="admin-order__facts">
        <div>
          <dt>{t('orders.buyer')}</dt>
          <dd>
            {order.buyer ? (
              <Link to={`/user/${order.buyer.id}`} className="admin-order__buyer">
                @{order.buyer.username}
              </Link>
            ) : (
              t('orders.unknownBuyer')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('orders.date')}</dt>
          <dd>
            <time dateTime={order.createdAt}>{dateTime(order.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('orders.total')}</dt>
          <dd className="admin-order__total">{formatMoney(order.totalCents, order.currency)}</dd>
        </div>
      </dl>

      <ul className="admin-order__lines" aria-label={t('orders.lines')}>
        {order.lines.map((line, i) => (
          <li key={`${line.itemId ?? 'gone'}-${i}`} className="admin-order__line">
            {line.imageUrl ? (
              <img src={line.imageUrl} alt="" className="admin-order__line-img" loading="lazy" />
            ) : (
              <span
                className="admin-order__line-img admin-order__line-img--empty"
                aria-hidden="true"
              >
                <Package />
              </span>
            )}
            <span className="admin-order__line-name">
              {t('orders.line', { name: line.name, quantity: line.quantity })}
            </span>
            <span className="admin-order__line-price">
              {t('orders.unitPrice', { price: formatMoney(line.unitPriceCents, order.currency) })}
            </span>
          </li>
        ))}
      </ul>

      <footer className="admin-order__footer">
        <span className="admin-order__when">
          {order.shippedAt
            ? t('orders.shippedOn', { date: dateTime(order.shippedAt) })
            : order.paidAt
              ? t('orders.paidOn', { date: dateTime(order.paidAt) })
              : null}
        </span>
        {canShip(order) ? (
          <ConfirmDialog
            tone="primary"
            title={t('orders.confirmTitle', { id })}
            description={
              order.buyer
                ? t('orders.confirmDescription', { buyer: order.buyer.username })
                : t('orders.confirmDescriptionNoBuyer')
            }
            confirmLabel={t('orders.confirm')}
            onConfirm={confirmShip}
            trigger={
              <Button size="sm">
                <Truck aria-hidden="true" className="admin-button-icon" />
                {t('orders.markShipped')}
              </Button>
            }
          />
        ) : null}
      </footer>
    </article>
  );
}
