import { CART_RULES, type CartQuote, type CartQuoteLine } from '@otakura/shared';
import { CircleAlert, ShoppingCart, X } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { IconButton } from '@/components/ui/icon-button';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { apiErrorText } from '@/lib/api-error-text';
import { useCartQuoteQuery } from '../api/quote-cart';
import { useCart } from '../hooks/use-cart';
import { useCheckout } from '../hooks/use-checkout';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { CartLine } from '../utils/cart-storage';
import { checkoutLines, isBlocking } from '../utils/cart-quote';
import { formatMoney } from '../utils/format-money';
import { CartThumb } from './cart-thumb';
import { QuantityStepper } from './quantity-stepper';
import './cart.css';

/** Changes to the lines or the code are sent after this pause, one quote for a burst of clicks. */
const QUOTE_DEBOUNCE_MS = 300;

function LineSkeleton() {
  return (
    <li className="cart-line" aria-hidden="true">
      <Skeleton className="cart-thumb" />
      <div className="cart-line__main">
        <Skeleton shape="text" width="60%" />
        <Skeleton shape="text" width={90} />
      </div>
    </li>
  );
}

function CartLineRow({
  stored,
  line,
  currency,
  onQuantity,
  onRemove,
}: {
  stored: CartLine;
  line: CartQuoteLine;
  currency: string;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('cart');
  const name = line.name || t('line.unknownName');
  const buyable = line.problem !== 'sold_out' && line.problem !== 'not_found';
  // The server's clamped quantity while the stock is lower than the stored one.
  const quantity = buyable ? Math.min(stored.quantity, Math.max(1, line.available)) : 0;
  return (
    <li className="cart-line" data-testid="cart-line">
      <CartThumb src={line.imageUrl} />
      <div className="cart-line__main">
        {line.problem === 'not_found' ? (
          <span className="cart-line__name">{name}</span>
        ) : (
          <Link className="cart-line__name" to={`/item/${encodeURIComponent(line.itemId)}`}>
            {name}
          </Link>
        )}
        {buyable ? (
          <span className="cart-muted tabular-nums">
            {t('line.each', { price: formatMoney(line.unitPriceCents, currency) })}
          </span>
        ) : null}
        {line.problem ? (
          <p className="cart-problem">
            <CircleAlert aria-hidden="true" />
            {t(`line.problems.${line.problem}`, { count: line.available })}
          </p>
        ) : null}
        <div className="cart-line__controls">
          {buyable ? (
            <QuantityStepper
              value={quantity}
              max={line.available}
              onChange={onQuantity}
              label={t('line.quantityLabel', { name })}
            />
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            onClick={onRemove}
            aria-label={t('line.removeLabel', { name })}
          >
            {t('line.remove')}
          </Button>
        </div>
      </div>
      <span className="cart-line__total tabular-nums">
        {buyable ? formatMoney(line.unitPriceCents * quantity, currency) : null}
      </span>
    </li>
  );
}

function SummaryRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="cart-summary__row">
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The order summary, exactly as the server computed it (never added up in the browser). */
function OrderSummary({ quote }: { quote: CartQuote }) {
  const { t } = useTranslation('cart');
  const money = (cents: number) => formatMoney(cents, quote.currency);
  return (
    <dl className="cart-summary__totals">
      <SummaryRow
        label={t('summary.subtotal')}
        value={money(quote.subtotalCents)}
        testId="cart-subtotal"
      />
      <SummaryRow
        label={t('summary.shipping')}
        value={quote.shippingCents === 0 ? t('summary.free') : money(quote.shippingCents)}
        testId="cart-shipping"
      />
      {quote.promo || quote.discountCents > 0 ? (
        <SummaryRow
          label={
            quote.promo ? `${t('summary.discount')} (${quote.promo.label})` : t('summary.discount')
          }
          value={`−${money(quote.discountCents)}`}
          testId="cart-discount"
        />
      ) : null}
      <SummaryRow label={t('summary.tax')} value={money(quote.taxCents)} testId="cart-tax" />
      <div className="cart-summary__row cart-summary__row--total">
        <dt>{t('summary.total')}</dt>
        <dd className="tabular-nums" data-testid="cart-total">
          {money(quote.totalCents)}
        </dd>
      </div>
    </dl>
  );
}

function PromoBox({
  applied,
  error,
  pending,
  onApply,
}: {
  applied: { code: string; label: string } | null;
  error: string | null;
  pending: boolean;
  onApply: (code: string | null) => void;
}) {
  const { t } = useTranslation('cart');
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(text.trim() || null);
  };
  if (applied) {
    return (
      <div className="cart-promo cart-promo--applied" data-testid="cart-promo-applied">
        <span>{t('promo.applied', { code: applied.code, label: applied.label })}</span>
        <IconButton
          size="sm"
          aria-label={t('promo.remove')}
          onClick={() => {
            setText('');
            onApply(null);
          }}
        >
          <X aria-hidden="true" />
        </IconButton>
      </div>
    );
  }
  return (
    <form className="cart-promo" onSubmit={submit} noValidate>
      <label htmlFor="cart-promo-code" className="cart-promo__label">
        {t('promo.label')}
      </label>
      <div className="cart-promo__row">
        <input
          id="cart-promo-code"
          className="ui-input"
          value={text}
          maxLength={CART_RULES.promoCodeMax}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'cart-promo-error' : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={pending || text.trim() === ''}>
          {t('promo.apply')}
        </Button>
      </div>
      {error ? (
        <p id="cart-promo-error" className="cart-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The cart page (spec §2 Cart, §4 Cart): the lines with the server's names, prices and stock,
 * the order summary the server computed, a promo code box and the checkout button.
 */
export function CartView() {
  const { t } = useTranslation('cart');
  const { toast } = useToast();
  const cart = useCart();
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const input = useMemo(() => ({ lines: cart.lines, promoCode }), [cart.lines, promoCode]);
  const asked = useDebouncedValue(input, QUOTE_DEBOUNCE_MS);
  const quote = useCartQuoteQuery(asked.lines, asked.promoCode);
  const checkout = useCheckout();

  if (cart.lines.length === 0) {
    return (
      <EmptyState
        icon={<ShoppingCart />}
        title={t('empty.title')}
        description={t('empty.hint')}
        action={
          <Button asChild variant="secondary">
            <Link to="/shop">{t('empty.browse')}</Link>
          </Button>
        }
      />
    );
  }

  const data = quote.data;
  if (!data) {
    if (quote.isError) {
      return (
        <EmptyState
          icon={<CircleAlert />}
          title={t('quoteError')}
          description={apiErrorText(t, quote.error)}
          action={<Button onClick={() => void quote.refetch()}>{t('retry')}</Button>}
        />
      );
    }
    return (
      <div className="cart" role="status">
        <ul className="cart-lines" aria-hidden="true">
          {cart.lines.map((l) => (
            <LineSkeleton key={l.itemId} />
          ))}
        </ul>
        <p className="cart-muted">{t('loading')}</p>
      </div>
    );
  }

  const byId = new Map(data.lines.map((l) => [l.itemId, l]));
  const remove = (itemId: string) => {
    cart.remove(itemId);
    toast({ title: t('removed'), variant: 'success' });
  };
  const blocked = isBlocking(data);
  const settled = !quote.isPlaceholderData;
  const promoError = settled && promoCode ? data.promoError : null;

  return (
    <div className="cart">
      <ul className="cart-lines" aria-label={t('title')}>
        {cart.lines.map((stored) => {
          const line = byId.get(stored.itemId);
          if (!line) return <LineSkeleton key={stored.itemId} />;
          return (
            <CartLineRow
              key={stored.itemId}
              stored={stored}
              line={line}
              currency={data.currency}
              onQuantity={(q) => cart.setQuantity(stored.itemId, q)}
              onRemove={() => remove(stored.itemId)}
            />
          );
        })}
      </ul>

      <section className="cart-summary" aria-labelledby="cart-summary-title">
        <h2 id="cart-summary-title" className="cart-summary__title">
          {t('summary.title')}
        </h2>
        <div aria-busy={quote.isFetching || undefined}>
          <OrderSummary quote={data} />
        </div>
        <PromoBox
          applied={promoCode ? data.promo : null}
          error={promoError}
          pending={quote.isFetching}
          onApply={setPromoCode}
        />
        {blocked ? <p className="cart-muted">{t('checkoutBlocked')}</p> : null}
        <Button
          block
          size="lg"
          disabled={checkout.busy || blocked}
          aria-busy={checkout.busy || undefined}
          onClick={() =>
            checkout.start(
              checkoutLines(cart.lines, data),
              promoCode && data.promo ? promoCode : null,
            )
          }
        >
          {checkout.busy ? t('loading') : t('checkout')}
        </Button>
        {checkout.error ? (
          <div className="cart-error" role="alert" data-testid="cart-checkout-error">
            <strong>{t('checkoutError')}</strong>
            <p>{checkout.error}</p>
          </div>
        ) : null}
      </section>
    </div>
  );
}
