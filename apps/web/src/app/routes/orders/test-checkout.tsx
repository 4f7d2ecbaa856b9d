import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '@/components/page/page';
import { TestCheckoutView } from '@/features/orders/components/test-checkout-view';

/** /checkout/test/:sessionId: the built-in test payment page (when Stripe is not configured). */
export default function TestCheckoutPage() {
  const { sessionId = '' } = useParams();
  const { t } = useTranslation('orders');
  return (
    <Page title={t('checkout.title')} hideTitle>
      <TestCheckoutView key={sessionId} sessionId={sessionId} />
    </Page>
  );
}
