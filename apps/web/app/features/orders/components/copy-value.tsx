import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Tooltip.css';
import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react.tsx';
import classes from './orders.module.css';

/**
 * A value to copy into another app (a PIX code, an address, a memo): its label, the value in a
 * monospace font, and a copy button whose accessible name says what it copies. `labelled` makes
 * the button a full-width button with its words on it, for the one value a page is about (an
 * icon alone is missed on phones).
 */
export function CopyValue({
  label,
  value,
  copyLabel,
  testId,
  labelled = false,
  copyText = value,
}: {
  label: string;
  /** what is shown (e.g. a linha digitável in its groups) */
  value: string;
  /** what is copied, when it differs from what is shown (e.g. the digits alone) */
  copyText?: string;
  /** e.g. "Copy the deposit address" */
  copyLabel: string;
  testId?: string;
  labelled?: boolean;
}) {
  const { t } = useTranslation();
  if (labelled) {
    return (
      <Stack gap={6}>
        <Text size="sm" c="dimmed" component="span">
          {label}
        </Text>
        <Text className={classes.code} data-testid={testId} fw={600}>
          {value}
        </Text>
        <CopyButton value={copyText} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              onClick={copy}
              color={copied ? 'teal' : undefined}
              leftSection={
                copied ? (
                  <IconCheck size={18} aria-hidden="true" />
                ) : (
                  <IconCopy size={18} aria-hidden="true" />
                )
              }
              fullWidth
            >
              <span aria-live="polite">{copied ? t('orders.copied') : copyLabel}</span>
            </Button>
          )}
        </CopyButton>
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" component="span">
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text className={`${classes.code} ${classes.grow}`} data-testid={testId} fw={600}>
          {value}
        </Text>
        <CopyButton value={copyText} timeout={2000}>
          {({ copied, copy }) => (
            <>
              <Tooltip label={copied ? t('orders.copied') : t('orders.copy')} withArrow>
                <ActionIcon
                  variant={copied ? 'filled' : 'default'}
                  color={copied ? 'teal' : undefined}
                  size="lg"
                  onClick={copy}
                  aria-label={copyLabel}
                >
                  {copied ? (
                    <IconCheck size={18} aria-hidden="true" />
                  ) : (
                    <IconCopy size={18} aria-hidden="true" />
                  )}
                </ActionIcon>
              </Tooltip>
              <VisuallyHidden aria-live="polite">{copied ? t('orders.copied') : ''}</VisuallyHidden>
            </>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
