import { CircleX } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /cancel: checkout return page. Filled by its feature's issue. */
export default function CancelPage() {
  return <UnderConstruction title="Purchase Canceled" icon={<CircleX />} />;
}
