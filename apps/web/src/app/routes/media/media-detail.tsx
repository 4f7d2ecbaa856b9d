import { Clapperboard } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /media/:mediaid and /media/comments/:mediaid: the media landing. Filled by its feature's issue. */
export default function MediaDetailPage() {
  return <UnderConstruction title="Media" icon={<Clapperboard />} />;
}
