import { ShoppingBag } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /shop: the item grid (search text in ?q=). Filled by its feature's issue. */
export default function ShopPage() {
  return <UnderConstruction title="Shop" icon={<ShoppingBag />} />;
}
