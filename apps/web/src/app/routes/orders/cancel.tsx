import { useSearchParams } from 'react-router';
import { CancelView } from '@/features/orders/components/cancel-view';

/** /cancel?session_id=…: the checkout was left; its hold is released, the cart is kept. */
export default function CancelPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  return <CancelView key={sessionId} sessionId={sessionId} />;
}
