import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminManagerTokens');

const TokensTable = lazy(() =>
  import('../../features/admin-catalogue/components/tokens-table.tsx').then((m) => ({
    default: m.TokensTable,
  })),
);

export default function AdminManagerTokensPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.adminManagerTokens.title')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <TokensTable />
      </Suspense>
    </Stack>
  );
}
