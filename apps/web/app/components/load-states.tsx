import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';

/** Data on its way: a spinner and "Loading", announced as a status. */
export function LoadingStatus() {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text size="sm">{t('common.loading')}</Text>
    </Group>
  );
}

/** Data that could not be loaded: why, as an alert, and a retry when `onRetry` is given. */
export function LoadFailure({
  message,
  onRetry,
  color = 'red',
}: {
  message: string;
  onRetry?: (() => void) | undefined;
  color?: 'yellow' | 'red';
}) {
  const { t } = useTranslation();
  return (
    <Alert color={color} variant="light" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="light" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** A detail screen while its record loads: the way back, then a spinner. */
export function DetailLoading({ back }: { back: ReactNode }) {
  return (
    <Stack gap="md">
      {back}
      <LoadingStatus />
    </Stack>
  );
}

/**
 * A detail screen whose record cannot be shown: the way back, the screen's title (when given)
 * and why; a retry unless the record does not exist.
 */
export function DetailError({
  back,
  title,
  notFound,
  message,
  onRetry,
  color = notFound ? 'yellow' : 'red',
}: {
  back: ReactNode;
  title?: string;
  notFound: boolean;
  message: string;
  onRetry: () => void;
  color?: 'yellow' | 'red';
}) {
  return (
    <Stack gap="md">
      {back}
      {title !== undefined && <Title order={1}>{title}</Title>}
      <LoadFailure color={color} message={message} onRetry={notFound ? undefined : onRetry} />
    </Stack>
  );
}
