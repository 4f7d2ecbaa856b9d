import type { CartQuoteLine } from '@otakura/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorText } from '@/lib/api-error-text';
import { formatNumber } from '@/lib/i18n';
import { useCartQuoteQuery } from '../api/quote-cart';
import { useCart } from '../hooks/use-cart';
import { useCheckout } from '../hooks/use-checkout';
import { checkoutLines, isBlocking } from '../utils/cart-quote';
import { formatMoney } from '../utils/format-money';
import { CartThumb } from './cart-thumb';
import './cart.css';

export interface CartDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function DrawerLine({
  line,
  currency,
  onNavigate,
}: {
  line: CartQuoteLine;
  currency: string;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('cart');
  const name = line.name || t('line.unknownName');
  return (
    <li className="cart-drawer__line">
      <CartThumb src={line.imageUrl} />
      <div className="cart-drawer__line-text">
        <Link to={`/item/${encodeURIComponent(line.itemId)}`} onClick={onNavigate}>
          {name}
        </Link>
        <span className="cart-muted tabular-nums">
          {t('drawer.lineQuantity', {
            count: line.quantity,
            formatted: formatNumber(line.quantity),
          })}
        </span>
        {line.problem ? (
          <span className="cart-problem">
            {t(`line.problems.${line.problem}`, { count: line.available })}
          </span>
        ) : null}
      </div>
      <span className="cart-drawer__line-price tabular-nums">
        {formatMoney(line.unitPriceCents * line.quantity, currency)}
      </span>
    </li>
  );
}

/**
 * The cart drawer of the item page (spec §2): a side sheet (a full sheet on phones) with the
 * cart's lines as the server prices them, a link to /cart and the checkout button.
 */
export function CartDrawer({ open, onOpenChange }: CartDrawerProps) {
  const { t } = useTranslation('cart');
  const cart = useCart();
  const quote = useCartQuoteQuery(cart.lines, null, { enabled: open });
  const checkout = useCheckout();
  const close = () => onOpenChange(false);
  const data = quote.data;
  const blocked = data ? isBlocking(data) : true;

  let body;
  if (cart.lines.length === 0) {
    body = <p className="cart-muted">{t('empty.title')}</p>;
  } else if (quote.isPending) {
    body = (
      <div role="status" className="cart-drawer__loading">
        <Skeleton shape="text" width="80%" />
        <Skeleton shape="text" width="60%" />
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  } else if (!data) {
    body = (
      <div className="cart-error" role="alert">
        <p>{apiErrorText(t, quote.error)}</p>
        <Button size="sm" variant="secondary" onClick={() => void quote.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="cart-drawer__lines" aria-label={t('drawer.title')}>
          {data.lines.map((line) => (
            <DrawerLine key={line.itemId} line={line} currency={data.currency} onNavigate={close} />
          ))}
        </ul>
        <p className="cart-drawer__subtotal">
          <span>{t('drawer.subtotal')}</span>
          <span className="tabular-nums" data-testid="cart-drawer-subtotal">
            {formatMoney(data.subtotalCents, data.currency)}
          </span>
        </p>
        {checkout.error ? (
          <p className="cart-error" role="alert">
            {checkout.error}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('drawer.title')}
      description={cart.lines.length > 0 ? t('drawer.added') : undefined}
      className="cart-drawer"
      footer={
        <div className="cart-drawer__actions">
          <Button asChild variant="secondary">
            <Link to="/cart" onClick={close}>
              {t('drawer.viewCart')}
            </Link>
          </Button>
          <Button
            disabled={checkout.busy || blocked || cart.lines.length === 0}
            aria-busy={checkout.busy || undefined}
            onClick={() => data && checkout.start(checkoutLines(cart.lines, data), null)}
          >
            {checkout.busy ? t('loading') : t('checkout')}
          </Button>
        </div>
      }
    >
      {body}
    </Modal>
  );
}
