import { LegalPage } from '../components/legal-page.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('privacyPolicy');

export default function PrivacyPolicyPage() {
  return <LegalPage page="privacyPolicy" section="privacy" />;
}
