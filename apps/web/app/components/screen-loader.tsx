import '@mantine/core/styles/Loader.css';
import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';

/**
 * Shown while a screen's code loads. Back-office and account screens load their content with
 * React.lazy: the route manifest, which every page downloads, then lists only the small route
 * module rather than every chunk of the screen.
 */
export function ScreenLoader() {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="status" py="md">
      <Loader size="sm" aria-hidden="true" />
      <Text size="sm">{t('common.loading')}</Text>
    </Group>
  );
}
