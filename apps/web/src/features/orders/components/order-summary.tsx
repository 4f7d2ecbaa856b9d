import type { OrderLine } from '@otakura/shared';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../utils/format-money';
import './orders.css';

export interface OrderTotals {
  subtotalCents: number;
  shippingCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  currency: string;
}

export interface OrderSummaryProps {
  lines: readonly OrderLine[];
  totals: OrderTotals;
  /** Show subtotal, shipping, discount and tax above the total (default true). */
  detailed?: boolean;
  className?: string;
}

/** An order's lines (name × quantity, line price) and its totals, as the server computed them. */
export function OrderSummary({ lines, totals, detailed = true, className }: OrderSummaryProps) {
  const { t } = useTranslation('orders');
  const money = (cents: number) => formatMoney(cents, totals.currency);
  return (
    <div className={clsx('order-summary', className)}>
      <ul className="order-summary__lines">
        {lines.map((line, i) => (
          <li key={`${line.itemId ?? 'gone'}-${i}`} className="order-summary__line">
            <span className="order-summary__name">
              {t('summary.line', { name: line.name, quantity: line.quantity })}
            </span>
            <span className="order-summary__amount">
              {money(line.unitPriceCents * line.quantity)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="order-summary__totals">
        {detailed ? (
          <>
            <div className="order-summary__row">
              <dt>{t('summary.subtotal')}</dt>
              <dd>{money(totals.subtotalCents)}</dd>
            </div>
            <div className="order-summary__row">
              <dt>{t('summary.shipping')}</dt>
              <dd>{totals.shippingCents > 0 ? money(totals.shippingCents) : t('summary.free')}</dd>
            </div>
            {totals.discountCents > 0 ? (
              <div className="order-summary__row">
                <dt>{t('summary.discount')}</dt>
                <dd>−{money(totals.discountCents)}</dd>
              </div>
            ) : null}
            {totals.taxCents > 0 ? (
              <div className="order-summary__row">
                <dt>{t('summary.tax')}</dt>
                <dd>{money(totals.taxCents)}</dd>
              </div>
            ) : null}
          </>
        ) : null}
        <div className="order-summary__row order-summary__row--total">
          <dt>{t('summary.total')}</dt>
          <dd data-testid="order-total">{money(totals.totalCents)}</dd>
        </div>
      </dl>
    </div>
  );
}
