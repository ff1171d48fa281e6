import '@mantine/core/styles/Button.css';
import { Button, Stack, Text, Title } from '@mantine/core';
import type { AdminRole } from '@permuta/contracts/admin-roles';
import { ADMIN_ROLES } from '@permuta/contracts/admin-roles';
import { useTranslation } from '../i18n/react.tsx';
import { LocalLink } from './local-link.tsx';

/**
 * A back-office page the signed-in admin's role may not open: says so, which roles may, and
 * the way back, instead of a screen of failed requests.
 */
export function NotAllowed({ role, needed }: { role: AdminRole; needed: AdminRole }) {
  const { t } = useTranslation();
  const allowed = ADMIN_ROLES.slice(ADMIN_ROLES.indexOf(needed))
    .map((r) => t(`admin.roles.${r}`))
    .join(', ');
  return (
    <Stack gap="md" align="flex-start" data-testid="not-allowed" maw={640}>
      <Text c="dimmed" fw={700}>
        403
      </Text>
      <Title order={1}>{t('admin.access.notAllowedTitle')}</Title>
      <Text>
        {t('admin.access.notAllowedBody', { role: t(`admin.roles.${role}`), needed: allowed })}
      </Text>
      <Button component={LocalLink} to="/admin">
        {t('admin.access.notAllowedBack')}
      </Button>
    </Stack>
  );
}
