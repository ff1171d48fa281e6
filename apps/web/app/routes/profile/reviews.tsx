import { lazy, Suspense } from 'react';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileReviews');

const WriteReviewScreen = lazy(() =>
  import('../../features/reviews/components/write-review-screen.tsx').then((m) => ({
    default: m.WriteReviewScreen,
  })),
);

export default function ProfileReviewsPage() {
  return (
    <Suspense fallback={<ScreenLoader />}>
      <WriteReviewScreen />
    </Suspense>
  );
}
