import { CircleUserRound } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /profile: the signed-in user's profile. Filled by its feature's issue. */
export default function ProfilePage() {
  return <UnderConstruction title="Profile" icon={<CircleUserRound />} />;
}
