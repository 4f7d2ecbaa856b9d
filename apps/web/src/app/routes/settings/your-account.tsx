import { UserRound } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /your-account. Filled by its feature's issue. */
export default function YourAccountPage() {
  return <UnderConstruction title="Your Account" icon={<UserRound />} width="narrow" />;
}
