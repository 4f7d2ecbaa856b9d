import { ShoppingCart } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /cart. Filled by its feature's issue. */
export default function CartPage() {
  return <UnderConstruction title="Cart" icon={<ShoppingCart />} />;
}
