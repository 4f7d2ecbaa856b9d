import type { OrderStatus } from '@otakura/shared';
import { useTranslation } from 'react-i18next';
import './orders.css';

/** Pending / Paid / Cancelled / Refunded, coloured by meaning (the word carries it too). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return (
    <span className={`order-status order-status--${status}`} data-testid="order-status">
      {t(`status.${status}`)}
    </span>
  );
}
