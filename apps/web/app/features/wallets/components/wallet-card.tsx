import '@mantine/core/styles/Badge.css';
import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { formatPixKey } from '@permuta/contracts/br-format';
import type { WalletView } from '@permuta/contracts/wallets';
import { useTranslation } from '../../../i18n/react.tsx';

/** One wallet: token, network and where it pays (address and memo, PIX key and bank, Deriv account). */
export function WalletCard({
  wallet,
  actions,
  label,
}: {
  wallet: WalletView;
  actions?: ReactNode;
  /** what kind of destination it is ("Chave PIX"), shown under the token */
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" data-testid={`wallet-${wallet.id}`}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap="xs">
            <Text fw={700}>{wallet.token.code}</Text>
            <Badge variant="light" color="gray">
              {wallet.network?.name ?? wallet.token.name}
            </Badge>
          </Group>
          {label && (
            <Text size="xs" c="dimmed">
              {label}
            </Text>
          )}
          {wallet.kind === 'crypto' && (
            <>
              <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {wallet.address}
              </Text>
              {wallet.memo && (
                <Text size="sm">
                  {t('wallets.fields.memo')}: {wallet.memo}
                </Text>
              )}
            </>
          )}
          {wallet.kind === 'pix' && (
            <>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {t(`wallets.pixKeyTypes.${wallet.pixKeyType ?? 'random'}`)}:{' '}
                {wallet.pixKey && formatPixKey(wallet.pixKey, wallet.pixKeyType)}
              </Text>
              <Text size="sm" c="dimmed">
                {wallet.bankName ? `${wallet.bankCode} – ${wallet.bankName}` : wallet.bankCode} ·{' '}
                {wallet.holderName}
              </Text>
            </>
          )}
          {wallet.kind === 'deriv' && (
            <Text size="sm" ff="monospace">
              {wallet.derivAccount}
            </Text>
          )}
        </Stack>
        {actions}
      </Group>
    </Paper>
  );
}
