import { Receipt } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /purchases. Filled by its feature's issue. */
export default function PurchasesPage() {
  return <UnderConstruction title="Purchases" icon={<Receipt />} width="narrow" />;
}
