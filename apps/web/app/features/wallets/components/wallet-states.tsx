import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMailExclamation, IconWallet } from '@tabler/icons-react';
import { LocalLink } from '../../../components/local-link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';

/** No wallet yet: what a wallet is for and a link to add one. */
export function NoWallets() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" radius="lg" data-testid="wallets-empty">
      <Stack gap="sm" align="flex-start">
        <Group gap="xs">
          <IconWallet aria-hidden="true" />
          <Text fw={600}>{t('wallets.empty.title')}</Text>
        </Group>
        <Text size="sm">{t('wallets.empty.body')}</Text>
        <Button component={LocalLink} to="/profile/create-wallet">
          {t('wallets.empty.action')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Why wallet changes are refused until the e-mail is validated. */
export function EmailNotValidated() {
  const { t } = useTranslation();
  return (
    <Alert
      variant="light"
      color="yellow"
      title={t('wallets.unverified.title')}
      icon={<IconMailExclamation aria-hidden="true" />}
      data-testid="wallets-unverified"
    >
      {t('wallets.unverified.body')}
    </Alert>
  );
}
