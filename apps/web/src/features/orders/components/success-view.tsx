import type { Order } from '@otakura/shared';
import { CircleCheck, CircleX, SearchX } from 'lucide-react';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '@/components/page/page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useOrderBySessionQuery } from '../api/order-by-session';
import { OrderSummary } from './order-summary';
import './orders.css';

export interface SuccessViewProps {
  /** `session_id` from the address; '' when there is none. */
  sessionId: string;
  /** The order is paid (called once per paid order): the page clears the cart then. */
  onPaid?: (order: Order) => void;
}

/**
 * /success: the checkout's outcome. Paid → 'Success! Purchase completed' with the order; pending
 * → confirming (the live event or a gentle refetch brings the change); cancelled or refunded →
 * why; no session or not the viewer's (404) → a neutral not-found that reveals nothing.
 */
export function SuccessView({ sessionId, onPaid }: SuccessViewProps) {
  const { t } = useTranslation('orders');
  const query = useOrderBySessionQuery(sessionId);
  const order = query.data;
  const paidOrderId = order?.status === 'paid' ? order.id : null;
  const paid = useEffectEvent((o: Order) => onPaid?.(o));

  useEffect(() => {
    if (paidOrderId && order) paid(order);
    // Once per paid order: a refetch of the same paid order changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paidOrderId]);

  if (sessionId !== '' && query.isPending) {
    return (
      <Page title={t('success.pendingTitle')} width="narrow" hideTitle>
        <div className="order-result" role="status">
          <Spinner />
          <span>{t('loading')}</span>
        </div>
      </Page>
    );
  }

  if (!order) {
    const notFound = sessionId === '' || (isApiError(query.error) && query.error.status === 404);
    if (!notFound) {
      return (
        <Page title={t('success.pendingTitle')} width="narrow">
          <div className="order-result">
            <p className="order-result__muted">{t('checkout.loadError')}</p>
            <Button onClick={() => void query.refetch()}>{t('retry')}</Button>
          </div>
        </Page>
      );
    }
    return (
      <Page title={t('success.notFound')} width="narrow">
        <div className="order-result">
          <span className="order-result__icon" aria-hidden="true">
            <SearchX />
          </span>
          <Button asChild variant="secondary">
            <Link to="/shop">{t('success.toShop')}</Link>
          </Button>
        </div>
      </Page>
    );
  }

  if (order.status === 'pending') {
    return (
      <Page title={t('success.pendingTitle')} width="narrow">
        <div className="order-result">
          <p className="order-result__pending" role="status">
            <Spinner />
            {t('success.pending')}
          </p>
          <Card className="order-result__summary">
            <OrderSummary lines={order.lines} totals={order} />
          </Card>
        </div>
      </Page>
    );
  }

  if (order.status === 'paid') {
    return (
      <Page title={t('success.title')} width="narrow">
        <div className="order-result">
          <span className="order-result__icon" aria-hidden="true">
            <CircleCheck />
          </span>
          <p className="order-result__muted">{t('success.thanks')}</p>
          <Card className="order-result__summary">
            <OrderSummary lines={order.lines} totals={order} />
          </Card>
          <div className="order-result__actions">
            <Button asChild>
              <Link to="/purchases">{t('success.toPurchases')}</Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/shop">{t('success.toShop')}</Link>
            </Button>
          </div>
        </div>
      </Page>
    );
  }

  const reason = order.cancelReason ?? 'other';
  return (
    <Page title={t('success.notCompletedTitle')} width="narrow">
      <div className="order-result">
        <span className="order-result__icon" aria-hidden="true">
          <CircleX />
        </span>
        <p>{t(order.status === 'refunded' ? 'success.refunded' : 'success.cancelled')}</p>
        <p className="order-result__muted">
          {t(`reasons.${reason}`, { defaultValue: t('reasons.other') })}
        </p>
        <div className="order-result__actions">
          <Button asChild>
            <Link to="/cart">{t('cancel.backToCart')}</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to="/purchases">{t('success.toPurchases')}</Link>
          </Button>
        </div>
      </div>
    </Page>
  );
}
