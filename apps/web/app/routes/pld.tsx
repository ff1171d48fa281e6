import { LegalPage } from '../components/legal-page.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('pld');

export default function PldPage() {
  return <LegalPage page="pld" section="pld" />;
}
