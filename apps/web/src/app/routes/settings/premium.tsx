import { Crown } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';
import { PRODUCT_NAME } from '@/lib/product';

/** /{slug}-premium. Filled by its feature's issue. */
export default function PremiumPage() {
  return <UnderConstruction title={`${PRODUCT_NAME} Premium`} icon={<Crown />} width="narrow" />;
}
