import { ShoppingBag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** The user's orders; until the shop records orders, an honest empty state pointing to the shop. */
export function PurchasesEmpty() {
  const { t } = useTranslation('settings');
  return (
    <EmptyState
      icon={<ShoppingBag />}
      title={t('purchases.emptyTitle')}
      description={t('purchases.emptyDescription')}
      action={
        <Button asChild>
          <Link to="/shop">{t('purchases.toShop')}</Link>
        </Button>
      }
    />
  );
}
