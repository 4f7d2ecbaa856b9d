import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { PurchasesEmpty } from '@/features/settings/components/purchases-empty';

/** /purchases: the user's orders. Until the shop records orders, an empty state. */
export default function PurchasesPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('titles.purchases')} width="narrow" className="settings-page">
      <PurchasesEmpty />
    </Page>
  );
}
