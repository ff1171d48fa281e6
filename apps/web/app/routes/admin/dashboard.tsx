import { lazy, Suspense } from 'react';
import { Stack } from '@mantine/core';
import { ComingSoon } from '../../components/coming-soon.tsx';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminDashboard');

const SecuritySection = lazy(() =>
  import('../../features/admin-accounts/components/security-section.tsx').then((m) => ({
    default: m.SecuritySection,
  })),
);

/** The dashboard proper arrives with a later issue; the admin's own security lives here now. */
export default function AdminDashboardPage() {
  return (
    <Stack gap="xl">
      <ComingSoon page="adminDashboard" />
      <Suspense fallback={<ScreenLoader />}>
        <SecuritySection />
      </Suspense>
    </Stack>
  );
}
