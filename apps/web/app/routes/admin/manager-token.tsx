import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminManagerToken');

const TokenDetail = lazy(() =>
  import('../../features/admin-catalogue/components/token-detail.tsx').then((m) => ({
    default: m.TokenDetail,
  })),
);

export default function AdminManagerTokenPage() {
  const { coinName = '' } = useParams();
  return (
    <Suspense fallback={<ScreenLoader />}>
      <TokenDetail key={coinName} code={coinName.toUpperCase()} />
    </Suspense>
  );
}
