import { LayoutGrid } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /feed: the grid of post cards. Filled by its feature's issue. */
export default function FeedPage() {
  return <UnderConstruction title="Feed" icon={<LayoutGrid />} />;
}
