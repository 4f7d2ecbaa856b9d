import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { useSession } from '@/features/auth/hooks/use-session';
import { PurchasesList } from '@/features/orders/components/purchases-list';
import { useOrdersLive } from '@/features/orders/hooks/use-orders-live';
import { PurchasesEmpty } from '@/features/settings/components/purchases-empty';

/** /purchases: the user's orders, newest first; a status change shows as it happens. */
export default function PurchasesPage() {
  const { t } = useTranslation();
  const session = useSession();
  useOrdersLive(session.status === 'signed-in' ? session.user.id : null);
  return (
    <Page title={t('titles.purchases')} width="narrow" className="settings-page">
      <PurchasesList empty={<PurchasesEmpty />} />
    </Page>
  );
}
