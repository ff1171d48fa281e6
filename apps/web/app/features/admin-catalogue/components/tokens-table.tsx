import './styles.ts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminToken } from '@permuta/contracts/catalogue-admin';
import { formatMoney } from '@permuta/contracts/money';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { localizePath } from '../../../lib/locale.ts';
import { toast } from '../../../lib/toast.ts';
import { useAdminCan } from '../../../lib/admin-access.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { useAdminTokens } from '../api/list-tokens.ts';
import { useRefreshPrices } from '../api/refresh-prices.ts';
import { useSetTokenEnabled } from '../api/set-token-enabled.ts';
import { useSyncCatalogue } from '../api/sync-catalogue.ts';
import { REAIS, priceAge } from '../values.ts';
import { SwitchConfirmDialog } from './switch-confirm-dialog.tsx';

function errorText(error: unknown): string {
  return isApiError(error) ? error.message : String(error);
}

/** Price in BRL, its source and how old it is. */
export function PriceCell({ token, now }: { token: AdminToken; now: Date }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!token.price) return <Text size="sm">{t('adminCatalogue.price.none')}</Text>;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {formatMoney(token.price.priceBrl, REAIS, locale)}
      </Text>
      <Group gap={4}>
        <Badge
          size="sm"
          variant="light"
          color={token.price.source === 'exchange' ? 'blue' : 'gray'}
        >
          {t(`adminCatalogue.sources.${token.price.source}`)}
        </Badge>
        <Text size="xs">{priceAge(token.price.createdAt, now, locale)}</Text>
      </Group>
    </Stack>
  );
}

/** /admin/manager-tokens: every token, with enable toggles, sync and price refresh. */
export function TokensTable({ now = () => new Date() }: { now?: () => Date }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const tokens = useAdminTokens(locale);
  const setEnabled = useSetTokenEnabled(locale);
  const sync = useSyncCatalogue(locale);
  const refresh = useRefreshPrices(locale);
  const [asking, setAsking] = useState<{ code: string; on: boolean } | null>(null);
  const confirmSwitch = () => {
    if (!asking) return;
    const { code, on: enabled } = asking;
    setEnabled.mutate(
      { code, enabled },
      {
        onSuccess: () =>
          void toast.success(
            t(
              enabled ? 'adminCatalogue.token.enabledToast' : 'adminCatalogue.token.disabledToast',
              { code },
            ),
          ),
        onError: (error) => void toast.error(errorText(error)),
        onSettled: () => setAsking(null),
      },
    );
  };
  // adding, syncing and switching tokens is the owner's (decision 024); finance prices them
  const owns = useAdminCan('owner');

  const actions = (
    <Group gap="sm">
      {owns && (
        <Button component={Link} to={localizePath('/admin/add-token', locale)}>
          {t('adminCatalogue.list.addToken')}
        </Button>
      )}
      {owns && (
        <Button
          variant="light"
          loading={sync.isPending}
          onClick={() =>
            sync.mutate(undefined, {
              onSuccess: (result) => void toast.success(result.message),
              onError: (error) => void toast.error(errorText(error)),
            })
          }
        >
          {t('adminCatalogue.list.sync')}
        </Button>
      )}
      <Button
        variant="light"
        loading={refresh.isPending}
        onClick={() =>
          refresh.mutate(undefined, {
            onSuccess: (result) => {
              void toast.success(
                t('adminCatalogue.list.refreshed', { count: result.updated.length }),
              );
              // a jump beyond the settings' hold percentage waits for a decision on the dashboard
              if (result.held.length > 0) {
                void toast.warning(
                  t('adminCatalogue.list.refreshHeld', {
                    codes: result.held.map((h) => h.code).join(', '),
                  }),
                );
              }
              if (result.skipped.length > 0) {
                void toast.warning(
                  t('adminCatalogue.list.refreshSkipped', {
                    codes: result.skipped.map((s) => s.code).join(', '),
                  }),
                );
              }
            },
            onError: (error) => void toast.error(errorText(error)),
          })
        }
      >
        {t('adminCatalogue.list.refreshPrices')}
      </Button>
    </Group>
  );

  if (tokens.isPending) {
    return (
      <Stack gap="md">
        {actions}
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('common.loading')}</Text>
        </Group>
      </Stack>
    );
  }
  if (tokens.isError) {
    return (
      <Stack gap="md">
        {actions}
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(tokens.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void tokens.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  const items = tokens.data.items;
  const at = now();
  return (
    <Stack gap="md">
      {actions}
      {items.length === 0 ? (
        <Text>{t('adminCatalogue.list.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Caption>
              {t('adminCatalogue.list.caption', { total: items.length })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('adminCatalogue.token.code')}</Table.Th>
                <Table.Th scope="col">{t('adminCatalogue.token.name')}</Table.Th>
                <Table.Th scope="col">{t('adminCatalogue.token.kind')}</Table.Th>
                <Table.Th scope="col">{t('adminCatalogue.token.enabled')}</Table.Th>
                <Table.Th scope="col">{t('adminCatalogue.price.title')}</Table.Th>
                <Table.Th scope="col">{t('adminCatalogue.networks.title')}</Table.Th>
                <Table.Th scope="col">{t('admin.common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((token) => (
                <Table.Tr key={token.id} data-testid={`token-row-${token.code}`}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={localizePath(`/admin/manager-tokens/${token.code}`, locale)}
                      fw={600}
                    >
                      {token.code}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{token.name}</Table.Td>
                  <Table.Td>{t(`adminCatalogue.kinds.${token.kind}`)}</Table.Td>
                  <Table.Td>
                    <Switch
                      checked={token.enabled}
                      disabled={!owns || setEnabled.isPending}
                      aria-label={t('adminCatalogue.token.enableOf', { code: token.code })}
                      onChange={(event) =>
                        setAsking({ code: token.code, on: event.currentTarget.checked })
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <PriceCell token={token} now={at} />
                  </Table.Td>
                  <Table.Td>
                    {t('adminCatalogue.networks.count', {
                      count: token.networks.length,
                      enabled: token.networks.filter((n) => n.enabled).length,
                    })}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      component={Link}
                      size="xs"
                      variant="light"
                      to={localizePath(`/admin/manager-tokens/${token.code}`, locale)}
                      aria-label={t('adminCatalogue.list.openOf', { code: token.code })}
                    >
                      {t('adminCatalogue.list.open')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <SwitchConfirmDialog
        change={asking && { what: 'token', ...asking }}
        saving={setEnabled.isPending}
        onConfirm={confirmSwitch}
        onCancel={() => setAsking(null)}
      />
    </Stack>
  );
}
