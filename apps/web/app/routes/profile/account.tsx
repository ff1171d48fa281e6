import { Stack, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react.tsx';
import { AccountOverview } from '../../features/accounts/components/account-overview.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileAccount');

export default function ProfileAccountPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.profileAccount.title')}</Title>
      <AccountOverview />
    </Stack>
  );
}
