import { LegalPage } from '../components/legal-page.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('termsOfService');

export default function TermsOfServicePage() {
  return <LegalPage page="termsOfService" section="terms" />;
}
