import { lazy, Suspense } from 'react';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileDocuments');

const DocumentsScreen = lazy(() =>
  import('../../features/documents/components/documents-screen.tsx').then((m) => ({
    default: m.DocumentsScreen,
  })),
);

export default function ProfileDocumentsPage() {
  return (
    <Suspense fallback={<ScreenLoader />}>
      <DocumentsScreen />
    </Suspense>
  );
}
