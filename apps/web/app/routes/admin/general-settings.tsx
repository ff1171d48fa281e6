import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminGeneralSettings');

const GeneralSettings = lazy(() =>
  import('../../features/settings/components/general-settings.tsx').then((m) => ({
    default: m.GeneralSettings,
  })),
);

const LegalVersionsSection = lazy(() =>
  import('../../features/privacy/components/legal-versions-section.tsx').then((m) => ({
    default: m.LegalVersionsSection,
  })),
);

export default function AdminGeneralSettingsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.adminGeneralSettings.title')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <GeneralSettings />
      </Suspense>
      <Suspense fallback={<ScreenLoader />}>
        <LegalVersionsSection />
      </Suspense>
    </Stack>
  );
}
