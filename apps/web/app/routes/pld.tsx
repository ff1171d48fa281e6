import { LegalDocumentPage } from '../features/public-site/components/legal-document.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('pld');

export default function PldPage() {
  return <LegalDocumentPage page="pld" id="pld" />;
}
