import { ScrollText } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** `/terms-and-conditions`. The legal text comes with the legal-pages work. */
export default function TermsAndConditionsPage() {
  return (
    <UnderConstruction
      title="Terms and Conditions"
      subtitle="Last updated May 23, 2022"
      icon={<ScrollText />}
      width="narrow"
    />
  );
}
