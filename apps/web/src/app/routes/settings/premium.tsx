import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { PremiumOffer } from '@/features/settings/components/premium-offer';
import { PRODUCT_NAME } from '@/lib/product';

/** /{slug}-premium (spec §2, §9): what premium gives, the configured price, shown Disabled. */
export default function PremiumPage() {
  const { t } = useTranslation();
  return (
    <Page
      title={t('titles.premium', { product: PRODUCT_NAME })}
      width="narrow"
      className="settings-page"
    >
      <PremiumOffer />
    </Page>
  );
}
