import { Anchor, Box, Center, Group, Paper, Stack } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { Outlet } from 'react-router';
import { ColorModeToggle } from '../components/color-mode-toggle.tsx';
import { LanguageSwitcher } from '../components/language-switcher.tsx';
import { LocalLink } from '../components/local-link.tsx';
import { Logo } from '../components/logo.tsx';

/** A centred card (admin sign-in). */
export default function AuthLayout() {
  const { t } = useTranslation();
  return (
    <Box
      mih="100dvh"
      p="md"
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
    >
      <Group component="header" justify="flex-end" gap="xs">
        <LanguageSwitcher />
        <ColorModeToggle />
      </Group>
      <Center component="main" id="main" py="xl">
        <Stack w="100%" maw={440} gap="lg" align="stretch">
          <Center>
            <Anchor component={LocalLink} to="/" underline="never">
              <Logo size={40} />
            </Anchor>
          </Center>
          <Paper withBorder shadow="md" p="xl" radius="lg">
            <Outlet />
          </Paper>
          <Center>
            <Anchor component={LocalLink} to="/" size="sm">
              {t('common.backHome')}
            </Anchor>
          </Center>
        </Stack>
      </Center>
    </Box>
  );
}
