import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminManagerTokens');

export default function AdminManagerTokensPage() {
  return <ComingSoon page="adminManagerTokens" />;
}
