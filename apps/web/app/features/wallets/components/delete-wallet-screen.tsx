import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { WalletView } from '@permuta/contracts/wallets';
import { LocalLink } from '../../../components/local-link.tsx';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { tokenOnNetwork } from '@permuta/contracts/catalogue';
import { useLocale } from '../../../lib/use-locale.ts';
import { useDeleteWallet } from '../api/delete-wallet.ts';
import { useEmailVerified } from '../api/get-wallet-owner.ts';
import { useMyWallets } from '../api/get-my-wallets.ts';
import { WalletCard } from './wallet-card.tsx';
import { EmailNotValidated, NoWallets } from './wallet-states.tsx';

function walletName(wallet: WalletView): string {
  return tokenOnNetwork(wallet.token.code, wallet.kind === 'crypto' ? wallet.network?.code : null);
}

/** /profile/delete-wallet: my wallets, each removable after a confirmation (`?id=` asks at once). */
export function DeleteWalletScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const wallets = useMyWallets(locale);
  const verified = useEmailVerified(locale);
  const remove = useDeleteWallet(locale);
  // `?id=` (from My wallets) asks about that wallet at once
  const [params] = useSearchParams();
  const [targetId, setTargetId] = useState<string | null>(() => params.get('id'));
  const target = verified === false ? null : (wallets.data?.find((w) => w.id === targetId) ?? null);
  const setTarget = (wallet: WalletView | null) => setTargetId(wallet?.id ?? null);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setTarget(null);
    setFailure(null);
    remove.reset();
  };

  const confirm = async () => {
    if (!target) return;
    setFailure(null);
    try {
      const answer = await remove.mutateAsync(target.id);
      void toast.success(answer.message);
      close();
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('messages.generic'));
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Title order={1}>{t('pages.profileDeleteWallet.title')}</Title>
        {wallets.data && wallets.data.length > 0 && (
          <Button component={LocalLink} to="/profile/create-wallet" variant="light">
            {t('wallets.empty.action')}
          </Button>
        )}
      </Group>
      <Text>{t('wallets.delete.intro')}</Text>
      {verified === false && <EmailNotValidated />}
      {wallets.isPending && <LoadingStatus />}
      {wallets.isError && (
        <LoadFailure message={t('wallets.loadError')} onRetry={() => void wallets.refetch()} />
      )}
      {wallets.data?.length === 0 && <NoWallets />}
      {wallets.data && wallets.data.length > 0 && (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {wallets.data.map((wallet) => (
            <li key={wallet.id}>
              <WalletCard
                wallet={wallet}
                actions={
                  <Button
                    color="red"
                    variant="light"
                    disabled={verified === false}
                    aria-label={t('wallets.delete.buttonFor', { wallet: walletName(wallet) })}
                    onClick={() => setTarget(wallet)}
                  >
                    {t('wallets.delete.button')}
                  </Button>
                }
              />
            </li>
          ))}
        </Stack>
      )}
      <Modal
        opened={target !== null}
        onClose={close}
        title={t('wallets.delete.confirmTitle')}
        centered
      >
        {target && (
          <Stack gap="md">
            <Text>{t('wallets.delete.confirmBody', { wallet: walletName(target) })}</Text>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('wallets.delete.cancel')}
              </Button>
              <Button color="red" loading={remove.isPending} onClick={() => void confirm()}>
                {t('wallets.delete.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
