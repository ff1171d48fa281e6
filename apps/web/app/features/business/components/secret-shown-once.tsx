import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Code.css';
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react.tsx';

/**
 * A secret the server answers once (an API key, a webhook's signing secret): shown whole,
 * wrapped on a phone, with a copy button and "done", which forgets it.
 */
export function SecretShownOnce({
  title,
  body,
  secret,
  testId,
  onDone,
}: {
  title: string;
  body: string;
  secret: string;
  /** `<testId>` on the secret, `<testId>-done` on the button that closes it */
  testId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="green" variant="light" title={title} role="status">
      <Stack gap="sm" align="flex-start">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {body}
        </Text>
        <Code
          block
          data-testid={testId}
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxWidth: '100%' }}
        >
          {secret}
        </Code>
        <Group gap="sm">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" onClick={onDone} data-testid={`${testId}-done`}>
            {t('apiKeys.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
