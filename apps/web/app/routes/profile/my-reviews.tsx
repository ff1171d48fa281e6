import { lazy, Suspense } from 'react';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileMyReviews');

const MyReviewsScreen = lazy(() =>
  import('../../features/reviews/components/my-reviews-screen.tsx').then((m) => ({
    default: m.MyReviewsScreen,
  })),
);

export default function ProfileMyReviewsPage() {
  return (
    <Suspense fallback={<ScreenLoader />}>
      <MyReviewsScreen />
    </Suspense>
  );
}
