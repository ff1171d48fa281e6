import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminManagerReviews');

export default function AdminManagerReviewsPage() {
  return <ComingSoon page="adminManagerReviews" />;
}
