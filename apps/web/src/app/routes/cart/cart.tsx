import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { CartView } from '@/features/cart/components/cart-view';

/** /cart: the cart's lines, the order summary from the server, a promo code and checkout. */
export default function CartPage() {
  const { t } = useTranslation('cart');
  return (
    <Page title={t('title')}>
      <CartView />
    </Page>
  );
}
