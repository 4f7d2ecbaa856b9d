import { LockKeyhole } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /safety-privacy. Filled by its feature's issue. */
export default function SafetyPrivacyPage() {
  return <UnderConstruction title="Privacy and Safety" icon={<LockKeyhole />} width="narrow" />;
}
