import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { useEffect, useState } from 'react';
import {
  Anchor,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { formatMoney } from '@permuta/contracts/money';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useTwoFactorRedirect } from '../../admin-accounts/use-two-factor-redirect.ts';
import { useExportAdminOrders } from '../api/export-orders.ts';
import { useAdminOrders } from '../api/list-orders.ts';
import type { AdminOrderFilters } from '../api/types.ts';
import { adminOrderPath } from '../links.ts';
import { filtersFromSearch, hasFilters, searchFromFilters, STATUS_FILTERS } from '../filters.ts';
import { useKeysetPager } from '../../../lib/use-keyset-pager.ts';
import { KeysetPagerNav } from '../../../components/keyset-pager-nav.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The back office's order list: filters kept in the URL (shareable, kept on reload), keyset pages
 * walked forwards and back, and a CSV export of everything the filters match.
 */
export function OrdersDesk() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const update = (next: AdminOrderFilters) =>
    setParams(searchFromFilters(next), { replace: true, preventScrollReset: true });

  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== filters.q) update({ ...filters, q: debounced });
    // only a new debounced text writes the URL; the URL's own changes do not loop back here
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const pager = useKeysetPager(searchFromFilters(filters).toString());
  const orders = useAdminOrders(filters, pager.cursor, locale);
  const exporter = useExportAdminOrders(locale);
  useTwoFactorRedirect(orders.error);

  const filtered = hasFilters(filters);
  const dateError =
    filters.from && filters.to && filters.from > filters.to
      ? t('adminOrders.list.dateOrder')
      : undefined;

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          type="search"
          label={t('adminOrders.list.search')}
          placeholder={t('adminOrders.list.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Select
          label={t('adminOrders.list.status')}
          data={STATUS_FILTERS.map((value) => ({
            value,
            label:
              value === 'all'
                ? t('adminOrders.list.allStatuses')
                : t(`adminOrders.status.${value}`),
          }))}
          value={filters.status}
          onChange={(value) =>
            update({ ...filters, status: (value as AdminOrderFilters['status'] | null) ?? 'all' })
          }
          allowDeselect={false}
          w={{ base: '100%', sm: 220 }}
        />
        <TextInput
          type="date"
          label={t('adminOrders.list.from')}
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => update({ ...filters, from: event.currentTarget.value })}
          w={{ base: '100%', xs: 170 }}
        />
        <TextInput
          type="date"
          label={t('adminOrders.list.to')}
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => update({ ...filters, to: event.currentTarget.value })}
          error={dateError}
          w={{ base: '100%', xs: 170 }}
        />
        {filtered && (
          <Button
            variant="subtle"
            onClick={() => {
              setSearch('');
              update({ status: 'all', q: '', from: '', to: '' });
            }}
          >
            {t('adminOrders.list.clear')}
          </Button>
        )}
        {([false, true] as const).map((excel) => (
          <Button
            key={String(excel)}
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            loading={exporter.isPending && exporter.variables?.excel === excel}
            disabled={exporter.isPending && exporter.variables?.excel !== excel}
            onClick={() =>
              exporter.mutate(
                { filters, excel },
                {
                  onSuccess: () => void toast.success(t('adminOrders.list.exported')),
                  onError: (error) => void toast.error(error.message),
                },
              )
            }
          >
            {excel ? t('adminOrders.list.exportExcel') : t('adminOrders.list.export')}
          </Button>
        ))}
        {orders.isFetching && !orders.isPending && (
          <Loader size="sm" role="status" aria-label={t('common.loading')} />
        )}
      </Group>

      {orders.isPending && <LoadingStatus />}
      {orders.isError && (
        <LoadFailure message={orders.error.message} onRetry={() => void orders.refetch()} />
      )}
      {orders.data && orders.data.items.length === 0 && (
        <Text data-testid="orders-empty">
          {filtered ? t('adminOrders.list.noMatch') : t('adminOrders.list.empty')}
        </Text>
      )}
      {orders.data && orders.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={960}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Caption>
              {t('adminOrders.list.caption', { page: pager.page, count: orders.data.items.length })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('adminOrders.fields.reference')}</Table.Th>
                <Table.Th scope="col">{t('adminOrders.fields.customer')}</Table.Th>
                <Table.Th scope="col">{t('adminOrders.fields.pair')}</Table.Th>
                <Table.Th scope="col">{t('adminOrders.fields.amounts')}</Table.Th>
                <Table.Th scope="col">{t('adminOrders.fields.method')}</Table.Th>
                <Table.Th scope="col">{t('adminOrders.fields.status')}</Table.Th>
                <Table.Th scope="col">{t('adminOrders.fields.createdAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.data.items.map((order) => (
                <Table.Tr key={order.id} data-testid={`order-row-${order.reference}`}>
                  <Table.Td>
                    <Anchor
                      component={LocalLink}
                      to={adminOrderPath(order.reference)}
                      fw={600}
                      size="sm"
                      c="var(--mantine-color-text)"
                      underline="always"
                    >
                      {order.reference}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{order.customer.name}</Text>
                    <Text size="xs" c="dimmed">
                      {order.customer.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {t('adminOrders.list.pair', {
                        send: order.sendToken,
                        receive: order.receiveToken,
                      })}
                    </Text>
                    {order.network && (
                      <Text size="xs" c="dimmed">
                        {order.network}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {t('adminOrders.list.sends', {
                        amount: formatMoney(order.amountSend, { code: order.sendToken }, locale),
                      })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('adminOrders.list.receives', {
                        amount: formatMoney(
                          order.amountReceive,
                          { code: order.receiveToken },
                          locale,
                        ),
                      })}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`adminOrders.method.${order.paymentMethod}`)}</Table.Td>
                  <Table.Td>
                    <OrderStatusBadge status={order.status} size="sm" />
                  </Table.Td>
                  <Table.Td>{formatDateTime(order.createdAt, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {orders.data && (
        <KeysetPagerNav
          label={t('adminOrders.list.pages')}
          pager={pager}
          nextCursor={orders.data.nextCursor}
          busy={orders.isPlaceholderData}
        />
      )}
    </Stack>
  );
}
