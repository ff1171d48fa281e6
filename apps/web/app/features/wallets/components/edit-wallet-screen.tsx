import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { LocalLink } from '../../../components/local-link.tsx';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { useWalletOwner } from '../api/get-wallet-owner.ts';
import { useMyWallets } from '../api/get-my-wallets.ts';
import { useWalletTokens } from '../api/get-wallet-tokens.ts';
import { destinationOf, shorten } from '../form.ts';
import { EmailNotValidated, NoWallets } from './wallet-states.tsx';
import { WalletForm } from './wallet-form.tsx';

/** /profile/edit-wallet: pick one of my wallets (`?id=` preselects it) and change where it pays. */
export function EditWalletScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const wallets = useMyWallets(locale);
  const tokens = useWalletTokens(locale);
  const owner = useWalletOwner(locale);
  const verified = owner === undefined ? undefined : (owner?.emailVerified ?? true);
  const [params, setParams] = useSearchParams();

  const list = wallets.data ?? [];
  const selected = list.find((w) => w.id === params.get('id')) ?? list[0];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Title order={1}>{t('pages.profileEditWallet.title')}</Title>
        {wallets.data && wallets.data.length > 0 && (
          <Button component={LocalLink} to="/profile/create-wallet" variant="light">
            {t('wallets.empty.action')}
          </Button>
        )}
      </Group>
      <Text>{t('wallets.edit.intro')}</Text>
      {verified === false && <EmailNotValidated />}
      {(wallets.isPending || tokens.isPending) && <LoadingStatus />}
      {wallets.isError && (
        <LoadFailure message={t('wallets.loadError')} onRetry={() => void wallets.refetch()} />
      )}
      {tokens.isError && (
        <LoadFailure
          message={t('messages.defaultDataError')}
          onRetry={() => void tokens.refetch()}
        />
      )}
      {wallets.data && list.length === 0 && <NoWallets />}
      {selected && tokens.data && (
        <>
          <Select
            label={t('wallets.edit.pick')}
            data={list.map((w) => ({
              value: w.id,
              label: `${w.token.code} · ${w.network?.code ?? ''} · ${shorten(destinationOf(w))}`,
            }))}
            value={selected.id}
            allowDeselect={false}
            onChange={(id) => id && setParams({ id }, { replace: true })}
          />
          <Paper withBorder p="lg" radius="lg">
            <WalletForm
              key={selected.id}
              tokens={tokens.data}
              wallet={selected}
              holder={owner ? { name: owner.name, cpf: owner.cpf } : undefined}
              canSave={verified !== false}
            />
          </Paper>
        </>
      )}
    </Stack>
  );
}
