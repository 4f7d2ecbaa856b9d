import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { CartLink } from '@/features/cart/components/cart-link';
import { ShopGrid } from '@/features/shop/components/shop-grid';
import { useSearchText } from '@/lib/use-search-text';

/** /shop: the grid of items, newest first; the search text comes from the top bar (`?q=`). */
export default function ShopPage() {
  const { t } = useTranslation('shop');
  const text = useSearchText();
  return (
    <Page title={t('title')} actions={<CartLink />}>
      <ShopGrid text={text} />
    </Page>
  );
}
