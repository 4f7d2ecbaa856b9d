import { Users } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /community/:communityid. Filled by its feature's issue. */
export default function CommunityPage() {
  return <UnderConstruction title="Community" icon={<Users />} />;
}
