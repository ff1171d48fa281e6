import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileSecurity');

const TwoFactorSection = lazy(() =>
  import('../../features/accounts/components/two-factor-section.tsx').then((m) => ({
    default: m.TwoFactorSection,
  })),
);

/** The customer's two-factor: on, off, recovery codes (decision 061). */
export default function ProfileSecurityPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.profileSecurity.title')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <TwoFactorSection />
      </Suspense>
    </Stack>
  );
}
