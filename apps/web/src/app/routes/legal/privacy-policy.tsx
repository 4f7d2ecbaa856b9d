import { ScrollText } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** `/privacy-policy` and `/user-agreement` (spec §2: the same page). The legal text comes with the legal-pages work. */
export default function PrivacyPolicyPage() {
  return (
    <UnderConstruction
      title="Privacy Policy"
      subtitle="Last updated May 23, 2022"
      icon={<ScrollText />}
      width="narrow"
    />
  );
}
