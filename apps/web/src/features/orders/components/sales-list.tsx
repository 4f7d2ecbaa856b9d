import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@/lib/i18n';
import { useSalesQuery } from '../api/get-sales';
import './sales-list.css';

/**
 * The signed-in seller's sold lines (what to ship, to whom). Renders nothing while loading,
 * on an error, or when nothing was sold: a user who sells nothing sees no section.
 */
export function SalesList() {
  const { t } = useTranslation('orders');
  const query = useSalesQuery();
  const sales = query.data?.items ?? [];
  if (sales.length === 0) return null;

  return (
    <section className="sales" aria-labelledby="sales-title">
      <h2 id="sales-title" className="sales__title">
        {t('sales.title')}
      </h2>
      <ul className="sales__list">
        {sales.map((sale, i) => (
          <li
            key={`${sale.orderId}-${sale.itemId ?? i}`}
            className="sales__line"
            data-testid="sale"
          >
            {sale.itemId ? <Link to={`/item/${sale.itemId}`}>{sale.name}</Link> : sale.name}
            {` × ${sale.quantity} — `}
            <span className="sales__meta">
              {sale.buyerUsername
                ? t('sales.to', { username: sale.buyerUsername })
                : t('sales.toDeleted')}
              {` · ${formatDate(sale.paidAt)}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
