import '@mantine/core/styles/Button.css';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { tokenOnNetwork } from '@permuta/contracts/catalogue';
import type { WalletView } from '@permuta/contracts/wallets';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { LocalLink } from '../../../components/local-link.tsx';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { useEmailVerified } from '../api/get-wallet-owner.ts';
import { useMyWallets } from '../api/get-my-wallets.ts';
import { WalletCard } from './wallet-card.tsx';
import { EmailNotValidated, NoWallets } from './wallet-states.tsx';

function walletName(wallet: WalletView): string {
  return tokenOnNetwork(wallet.token.code, wallet.kind === 'crypto' ? wallet.network?.code : null);
}

/**
 * /profile/my-wallets: every wallet of the customer with where it pays, each with its edit and
 * delete screens a click away, and the way to add one.
 */
export function MyWalletsScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const wallets = useMyWallets(locale);
  const verified = useEmailVerified(locale);
  const list = wallets.data ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Title order={1}>{t('pages.profileMyWallets.title')}</Title>
        {list.length > 0 && (
          <Button
            component={LocalLink}
            to="/profile/create-wallet"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
          >
            {t('wallets.empty.action')}
          </Button>
        )}
      </Group>
      <Text>{t('wallets.list.intro')}</Text>
      {verified === false && <EmailNotValidated />}
      {wallets.isPending && <LoadingStatus />}
      {wallets.isError && (
        <LoadFailure message={t('wallets.loadError')} onRetry={() => void wallets.refetch()} />
      )}
      {wallets.data && list.length === 0 && <NoWallets />}
      {list.length > 0 && (
        <>
          <Text size="sm" c="dimmed">
            {t('wallets.create.youHave', { count: list.length })}
          </Text>
          <Stack
            gap="sm"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            data-testid="my-wallets"
          >
            {list.map((wallet) => (
              <li key={wallet.id}>
                <WalletCard
                  wallet={wallet}
                  label={t(`wallets.list.kind.${wallet.kind}`)}
                  actions={
                    <Group gap="xs" justify="flex-end">
                      <Button
                        component={LocalLink}
                        to={`/profile/edit-wallet?id=${encodeURIComponent(wallet.id)}`}
                        variant="light"
                        size="xs"
                        leftSection={<IconPencil size={14} aria-hidden="true" />}
                        aria-label={t('wallets.list.editFor', { wallet: walletName(wallet) })}
                      >
                        {t('wallets.list.edit')}
                      </Button>
                      <Button
                        component={LocalLink}
                        to={`/profile/delete-wallet?id=${encodeURIComponent(wallet.id)}`}
                        variant="light"
                        color="red"
                        size="xs"
                        leftSection={<IconTrash size={14} aria-hidden="true" />}
                        aria-label={t('wallets.delete.buttonFor', { wallet: walletName(wallet) })}
                      >
                        {t('wallets.delete.button')}
                      </Button>
                    </Group>
                  }
                />
              </li>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
