import { useEffect } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useBlocker } from 'react-router';
import { useTranslation } from '../../../i18n/react.tsx';

/**
 * While `active` (the form has unsaved changes): leaving the page in the app asks first (see
 * LeaveWithoutSaving), and closing or reloading the tab gets the browser's own warning.
 */
export function useUnsavedChanges(active: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
  return blocker;
}

/** The question asked when the admin navigates away from unsaved changes. */
export function LeaveWithoutSaving({ blocker }: { blocker: ReturnType<typeof useBlocker> }) {
  const { t } = useTranslation();
  const blocked = blocker.state === 'blocked';
  return (
    <Modal
      opened={blocked}
      onClose={() => blocker.reset?.()}
      title={t('adminSettings.leave.title')}
      closeButtonProps={{ 'aria-label': t('admin.common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('adminSettings.leave.body')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {t('adminSettings.leave.stay')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t('adminSettings.leave.leave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
