import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { WalletView } from '@permuta/contracts/wallets';
import { tokenOnNetwork } from '@permuta/contracts/catalogue';
import { useSearchParams } from 'react-router';
import { LocalLink } from '../../../components/local-link.tsx';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { useWalletOwner } from '../api/get-wallet-owner.ts';
import { useMyWallets } from '../api/get-my-wallets.ts';
import { useWalletTokens } from '../api/get-wallet-tokens.ts';
import { EmailNotValidated } from './wallet-states.tsx';
import { WalletForm } from './wallet-form.tsx';

/**
 * /profile/create-wallet: a wallet for a token (and network), the form adapting to its kind.
 * `?token=USDT&network=TRC20` (the exchange screen's link) starts with that token and network.
 */
export function CreateWalletScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const tokens = useWalletTokens(locale);
  const wallets = useMyWallets(locale);
  const owner = useWalletOwner(locale);
  const verified = owner === undefined ? undefined : (owner?.emailVerified ?? true);
  const [params] = useSearchParams();
  const count = wallets.data?.length ?? 0;
  // the wallet just saved (the form gives way to what was saved and the next steps), and a key
  // that starts a fresh form for another wallet
  const [saved, setSaved] = useState<WalletView | null>(null);
  const [round, setRound] = useState(0);
  const fromExchange = params.get('token') !== null;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.profileCreateWallet.title')}</Title>
      <Text>{t('wallets.create.intro')}</Text>
      {verified === false && <EmailNotValidated />}
      {tokens.isPending && <LoadingStatus />}
      {tokens.isError && (
        <LoadFailure
          message={t('messages.defaultDataError')}
          onRetry={() => void tokens.refetch()}
        />
      )}
      {saved && (
        <Alert
          variant="light"
          color="green"
          icon={<IconCircleCheck aria-hidden="true" />}
          title={t('wallets.create.savedTitle', {
            wallet: tokenOnNetwork(saved.token.code, saved.network?.code),
          })}
          data-testid="wallet-saved"
        >
          <Stack gap="sm">
            <Text size="sm">{t('wallets.create.savedBody')}</Text>
            <Group gap="sm">
              {fromExchange && (
                <Button component={LocalLink} to="/profile/exchange-now">
                  {t('wallets.create.backToExchange')}
                </Button>
              )}
              <Button
                variant={fromExchange ? 'light' : 'filled'}
                onClick={() => {
                  setSaved(null);
                  setRound((value) => value + 1);
                }}
              >
                {t('wallets.create.another')}
              </Button>
              <Button variant="subtle" component={LocalLink} to="/profile/edit-wallet">
                {t('wallets.create.manage')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {tokens.data && !saved && (
        <Paper withBorder p="lg" radius="lg">
          <WalletForm
            key={round}
            tokens={tokens.data}
            preset={
              round === 0
                ? { token: params.get('token'), network: params.get('network') }
                : undefined
            }
            holder={owner ? { name: owner.name, cpf: owner.cpf } : undefined}
            canSave={verified !== false}
            onSaved={(result) => setSaved(result.wallet)}
          />
        </Paper>
      )}
      {count > 0 && (
        <Text size="sm" data-testid="wallets-count">
          {t('wallets.create.youHave', { count })}{' '}
          <Anchor component={LocalLink} to="/profile/edit-wallet">
            {t('wallets.create.manage')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
