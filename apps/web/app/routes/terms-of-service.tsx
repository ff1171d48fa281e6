import { LegalDocumentPage } from '../features/public-site/components/legal-document.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('termsOfService');

export default function TermsOfServicePage() {
  return <LegalDocumentPage page="termsOfService" id="terms" />;
}
