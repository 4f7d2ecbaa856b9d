import { ShieldCheck } from 'lucide-react';
import { UnderConstruction } from '@/components/page/under-construction';

/** /security: two-factor. Filled by its feature's issue. */
export default function SecurityPage() {
  return <UnderConstruction title="Security" icon={<ShieldCheck />} width="narrow" />;
}
