import { LegalDocument } from '@/features/legal/components/legal-document';
import { TERMS_AND_CONDITIONS } from '@/features/legal/utils/legal-documents';

/** `/terms-and-conditions`. Public. */
export default function TermsAndConditionsPage() {
  return <LegalDocument doc={TERMS_AND_CONDITIONS} />;
}
