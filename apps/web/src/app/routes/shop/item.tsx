import { Package } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /item/:shoppostid. Filled by its feature's issue. */
export default function ItemPage() {
  return <UnderConstruction title="Item" icon={<Package />} />;
}
