import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
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
      {tokens.data && (
        <Paper withBorder p="lg" radius="lg">
          <WalletForm
            tokens={tokens.data}
            preset={{ token: params.get('token'), network: params.get('network') }}
            holder={owner ? { name: owner.name, cpf: owner.cpf } : undefined}
            canSave={verified !== false}
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
