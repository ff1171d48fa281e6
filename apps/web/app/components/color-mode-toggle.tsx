import { Box, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react.tsx';
import { ShellButton } from './shell-button.tsx';

/** Both icons are rendered; CSS shows the right one, so the static HTML is correct in both modes. */
export function ColorModeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('dark', { getInitialValueInEffect: true });
  return (
    <ShellButton
      variant="default"
      icon
      aria-label={t('common.colorMode')}
      title={t('common.colorMode')}
      onClick={() => setColorScheme(computed === 'dark' ? 'light' : 'dark')}
    >
      <Box component="span" lightHidden>
        <IconSun size={18} stroke={1.8} aria-hidden="true" />
      </Box>
      <Box component="span" darkHidden>
        <IconMoon size={18} stroke={1.8} aria-hidden="true" />
      </Box>
    </ShellButton>
  );
}
