import { ListVideo } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /episodes. Filled by its feature's issue. */
export default function EpisodesPage() {
  return <UnderConstruction title="Episodes" icon={<ListVideo />} />;
}
