import { Clapperboard } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /media: the searchable media list (search text in ?q=). Filled by its feature's issue. */
export default function MediaListPage() {
  return <UnderConstruction title="Media" icon={<Clapperboard />} />;
}
