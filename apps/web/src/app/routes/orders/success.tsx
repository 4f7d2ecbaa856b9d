import { useSearchParams } from 'react-router';
import { useSession } from '@/features/auth/hooks/use-session';
import { clearCart } from '@/features/cart/utils/cart-storage';
import { SuccessView } from '@/features/orders/components/success-view';
import { useOrdersLive } from '@/features/orders/hooks/use-orders-live';

/** /success?session_id=…: the checkout's outcome; a paid order empties the cart. */
export default function SuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const session = useSession();
  useOrdersLive(session.status === 'signed-in' ? session.user.id : null);
  return <SuccessView key={sessionId} sessionId={sessionId} onPaid={() => clearCart()} />;
}
