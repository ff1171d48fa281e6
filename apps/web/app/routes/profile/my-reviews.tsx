import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileMyReviews');

export default function ProfileMyReviewsPage() {
  return <ComingSoon page="profileMyReviews" />;
}
