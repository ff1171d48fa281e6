import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileDocuments');

export default function ProfileDocumentsPage() {
  return <ComingSoon page="profileDocuments" />;
}
