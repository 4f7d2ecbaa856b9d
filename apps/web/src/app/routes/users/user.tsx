import { UserRound } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /user/:userid: another user's profile. Filled by its feature's issue. */
export default function UserPage() {
  return <UnderConstruction title="Profile" icon={<UserRound />} />;
}
