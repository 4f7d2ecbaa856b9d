import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/i18n';
import { useCart } from '../hooks/use-cart';

/** 'Cart (n)': the way to /cart from the shop's header; n is the units in the cart. */
export function CartLink() {
  const { t } = useTranslation('cart');
  const { count } = useCart();
  return (
    <Button asChild variant="secondary" size="sm">
      <Link to="/cart">
        <ShoppingCart aria-hidden="true" />
        {t('shopLink', { count, formatted: formatNumber(count) })}
      </Link>
    </Button>
  );
}
