import { Stack, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react.tsx';
import { ChangePasswordForm } from '../../features/accounts/components/change-password-form.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileChangePassword');

export default function ProfileChangePasswordPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.profileChangePassword.title')}</Title>
      <ChangePasswordForm />
    </Stack>
  );
}
