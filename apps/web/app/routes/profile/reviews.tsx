import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileReviews');

export default function ProfileReviewsPage() {
  return <ComingSoon page="profileReviews" />;
}
