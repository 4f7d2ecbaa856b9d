import { Accessibility } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /accessibility. Filled by its feature's issue. */
export default function AccessibilityPage() {
  return (
    <UnderConstruction
      title="Accessibility Display and Languages"
      icon={<Accessibility />}
      width="narrow"
    />
  );
}
