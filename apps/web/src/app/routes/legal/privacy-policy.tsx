import { LegalDocument } from '@/features/legal/components/legal-document';
import { PRIVACY_POLICY } from '@/features/legal/utils/legal-documents';

/** `/privacy-policy` and `/user-agreement` (spec §2: the same page). Public. */
export default function PrivacyPolicyPage() {
  return <LegalDocument doc={PRIVACY_POLICY} />;
}
