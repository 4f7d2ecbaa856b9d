import { Users } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /search: the community search list (search text in ?q=). Filled by its feature's issue. */
export default function CommunitySearchPage() {
  return <UnderConstruction title="Communities" icon={<Users />} />;
}
