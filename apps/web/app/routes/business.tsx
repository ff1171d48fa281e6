import { LegalPage } from '../components/legal-page.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('business');

export default function BusinessPage() {
  return <LegalPage page="business" section="business" />;
}
