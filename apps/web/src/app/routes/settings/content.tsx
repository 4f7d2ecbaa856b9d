import { SlidersHorizontal } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /content. Filled by its feature's issue. */
export default function ContentPage() {
  return <UnderConstruction title="Content" icon={<SlidersHorizontal />} width="narrow" />;
}
