import { CircleX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '@/components/page/page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCancelOrderBySession } from '../api/order-by-session';
import './orders.css';

/**
 * /cancel: 'Purchase Canceled'. With a session, cancels its pending order once (the hold is
 * released; the cart in this browser is kept). A paid order stays paid and says so; an unknown
 * or someone else's session says nothing more.
 */
export function CancelView({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('orders');
  const cancel = useCancelOrderBySession();
  const asked = useRef<string | null>(null);
  const { mutate } = cancel;

  useEffect(() => {
    // Once per session, StrictMode's second effect run included.
    if (!sessionId || asked.current === sessionId) return;
    asked.current = sessionId;
    mutate(sessionId);
  }, [sessionId, mutate]);

  const order = cancel.data;
  return (
    <Page title={t('cancel.title')} width="narrow">
      <div className="order-result">
        <span className="order-result__icon" aria-hidden="true">
          <CircleX />
        </span>
        {sessionId && cancel.isPending ? (
          <p className="order-result__pending" role="status">
            <Spinner />
            {t('cancel.cancelling')}
          </p>
        ) : null}
        {order && order.status === 'paid' ? (
          <p>{t('cancel.alreadyPaid')}</p>
        ) : order ? (
          <p>{t('cancel.released')}</p>
        ) : null}
        <div className="order-result__actions">
          <Button asChild>
            <Link to="/cart">{t('cancel.backToCart')}</Link>
          </Button>
          {order?.status === 'paid' ? (
            <Button asChild variant="secondary">
              <Link to="/purchases">{t('success.toPurchases')}</Link>
            </Button>
          ) : null}
        </div>
      </div>
    </Page>
  );
}
