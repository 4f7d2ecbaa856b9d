import { CircleCheck } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /success: checkout return page. Filled by its feature's issue. */
export default function SuccessPage() {
  return <UnderConstruction title="Success! Purchase completed" icon={<CircleCheck />} />;
}
