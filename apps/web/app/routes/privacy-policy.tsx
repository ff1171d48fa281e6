import { LegalDocumentPage } from '../features/public-site/components/legal-document.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('privacyPolicy');

export default function PrivacyPolicyPage() {
  return <LegalDocumentPage page="privacyPolicy" id="privacy" />;
}
