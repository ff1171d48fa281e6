import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/InlineInput.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { KeysetPagerNav } from '../../../components/keyset-pager-nav.tsx';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { OrderAmounts } from '../../../components/order-amounts.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useUrlKeysetPager } from '../../../lib/use-url-keyset-pager.ts';
import { useTwoFactorRedirect } from '../../admin-accounts/use-two-factor-redirect.ts';
import { useExportAdminOrders } from '../api/export-orders.ts';
import { useAdminOrders } from '../api/list-orders.ts';
import type { AdminOrderFilters, AdminOrderListItem } from '../api/types.ts';
import { useWaitingWork } from '../api/waiting-work.ts';
import { useDeskAlerts, useTitleCount } from '../desk-alerts.ts';
import {
  ADMIN_ORDER_SORTS,
  filtersFromSearch,
  hasFilters,
  searchFromFilters,
  STATUS_FILTERS,
} from '../filters.ts';
import { adminOrderPath } from '../links.ts';
import { BulkConfirm } from './bulk-confirm.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';

const SEARCH_DEBOUNCE_MS = 300;
const NO_FILTERS: AdminOrderFilters = { status: 'all', q: '', from: '', to: '', sort: 'newest' };

/**
 * The back office's order list: filters, sort and page kept in the URL (shareable, kept on
 * reload, back and forward step through pages), keyset pages, refreshed every 15 s while the
 * tab is visible with the waiting work counted in the page's title (and, when the admin turns it
 * on, a beep and a desktop notification), ticked orders confirmed or exported together, and a
 * CSV export of everything the filters match.
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
  // set when an order is opened: a search still waiting for its debounce must not write the
  // list's URL over the navigation to that order (the desk stays mounted while it loads)
  const leaving = useRef(false);
  useEffect(() => {
    if (debounced !== filters.q && !leaving.current) update({ ...filters, q: debounced });
    // only a new debounced text writes the URL; the URL's own changes do not loop back here
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const pager = useUrlKeysetPager();
  const orders = useAdminOrders(filters, pager.cursor, locale);
  const exporter = useExportAdminOrders(locale);
  useTwoFactorRedirect(orders.error);

  const work = useWaitingWork(locale);
  const waiting = work.data ? work.data.orders + work.data.documents : undefined;
  useTitleCount(waiting);
  const notice = useMemo(
    () => ({
      title: t('adminOrders.live.notificationTitle'),
      message: (count: number) => t('adminOrders.live.notificationBody', { count }),
    }),
    [t],
  );
  const alerts = useDeskAlerts(waiting, notice);

  // ticked orders, kept while the admin walks pages or the list refreshes
  const [ticked, setTicked] = useState<Map<string, AdminOrderListItem>>(new Map());
  const tick = (order: AdminOrderListItem, on: boolean) =>
    setTicked((current) => {
      const next = new Map(current);
      if (on) next.set(order.id, order);
      else next.delete(order.id);
      return next;
    });
  const items = orders.data?.items ?? [];
  const allOnPage = items.length > 0 && items.every((order) => ticked.has(order.id));
  const someOnPage = items.some((order) => ticked.has(order.id));
  const tickedList = [...ticked.values()];

  const filtered = hasFilters(filters);
  const exportButtons = (ids?: readonly string[]) =>
    ([false, true] as const).map((excel) => {
      const mine =
        exporter.isPending &&
        exporter.variables?.excel === excel &&
        Boolean(exporter.variables.ids) === Boolean(ids);
      return (
        <Button
          key={String(excel)}
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={mine}
          disabled={exporter.isPending && !mine}
          onClick={() =>
            exporter.mutate(
              { filters, excel, ids },
              {
                onSuccess: () =>
                  void toast.success(
                    ids ? t('adminOrders.bulk.exported') : t('adminOrders.list.exported'),
                  ),
                onError: (error) => void toast.error(error.message),
              },
            )
          }
        >
          {ids
            ? excel
              ? t('adminOrders.bulk.exportExcel', { count: ids.length })
              : t('adminOrders.bulk.export', { count: ids.length })
            : excel
              ? t('adminOrders.list.exportExcel')
              : t('adminOrders.list.export')}
        </Button>
      );
    });

  return (
    <Stack gap="md">
      <FilterBar
        dates={{
          from: filters.from,
          to: filters.to,
          fromLabel: t('adminOrders.list.from'),
          toLabel: t('adminOrders.list.to'),
          onFrom: (from) => update({ ...filters, from }),
          onTo: (to) => update({ ...filters, to }),
          orderError: t('adminOrders.list.dateOrder'),
        }}
        clear={
          filtered
            ? {
                label: t('adminOrders.list.clear'),
                onClear: () => {
                  setSearch('');
                  update({ ...NO_FILTERS, sort: filters.sort });
                },
              }
            : undefined
        }
        actions={exportButtons()}
        busy={orders.isFetching && !orders.isPending}
      >
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
                : value === 'payout_held'
                  ? t('adminOrders.list.payoutHeld')
                  : t(`adminOrders.status.${value}`),
          }))}
          value={filters.status}
          onChange={(value) =>
            update({ ...filters, status: (value as AdminOrderFilters['status'] | null) ?? 'all' })
          }
          allowDeselect={false}
          w={{ base: '100%', sm: 220 }}
        />
        <Select
          label={t('adminOrders.list.sort')}
          data={ADMIN_ORDER_SORTS.map((value) => ({
            value,
            label: t(`adminOrders.list.sorts.${value}`),
          }))}
          value={filters.sort}
          onChange={(value) =>
            update({ ...filters, sort: (value as AdminOrderFilters['sort'] | null) ?? 'newest' })
          }
          allowDeselect={false}
          w={{ base: '100%', sm: 220 }}
        />
      </FilterBar>

      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" data-testid="orders-total" aria-live="polite">
          {orders.data
            ? orders.data.totalCapped
              ? t('adminOrders.list.totalOver', {
                  count: new Intl.NumberFormat(locale).format(orders.data.total),
                })
              : t('adminOrders.list.total', { count: orders.data.total })
            : ''}
          {work.data && (
            <>
              {' · '}
              {t('adminOrders.live.waiting', {
                orders: work.data.orders,
                documents: work.data.documents,
              })}
            </>
          )}
        </Text>
        <Switch
          checked={alerts.enabled}
          onChange={(event) => alerts.toggle(event.currentTarget.checked)}
          label={t('adminOrders.live.alerts')}
          description={t('adminOrders.live.alertsHint')}
        />
      </Group>

      {ticked.size > 0 && (
        <Group gap="sm" wrap="wrap" data-testid="orders-bulk">
          <Text size="sm" fw={600}>
            {t('adminOrders.bulk.ticked', { count: ticked.size })}
          </Text>
          <BulkConfirm orders={tickedList} locale={locale} onDone={() => setTicked(new Map())} />
          {exportButtons(tickedList.map((order) => order.id))}
          <Button variant="subtle" onClick={() => setTicked(new Map())}>
            {t('adminOrders.bulk.untick')}
          </Button>
        </Group>
      )}

      {orders.isPending && <LoadingStatus />}
      {orders.isError && (
        <LoadFailure message={orders.error.message} onRetry={() => void orders.refetch()} />
      )}
      {orders.data && items.length === 0 && (
        <Text data-testid="orders-empty">
          {filtered ? t('adminOrders.list.noMatch') : t('adminOrders.list.empty')}
        </Text>
      )}
      {orders.data && items.length > 0 && (
        <Table.ScrollContainer minWidth={1000}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Caption>
              {t(`adminOrders.list.captions.${filters.sort}`, {
                page: pager.page,
                count: items.length,
              })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  <Checkbox
                    aria-label={t('adminOrders.bulk.tickPage')}
                    checked={allOnPage}
                    indeterminate={someOnPage && !allOnPage}
                    onChange={(event) => {
                      const on = event.currentTarget.checked;
                      for (const order of items) tick(order, on);
                    }}
                  />
                </Table.Th>
                <Table.Th scope="col">{t('adminOrders.fields.reference')}</Table.Th>
                <Table.Th scope="col">{t('adminOrders.fields.customer')}</Table.Th>
                <Table.Th scope="col">{t('adminOrders.fields.pair')}</Table.Th>
                <Table.Th scope="col">{t('adminOrders.fields.amounts')}</Table.Th>
                <Table.Th scope="col">{t('adminOrders.fields.method')}</Table.Th>
                <Table.Th scope="col">{t('adminOrders.fields.status')}</Table.Th>
                <Table.Th scope="col">
                  {filters.sort === 'waiting'
                    ? t('adminOrders.list.statusSince')
                    : t('adminOrders.fields.createdAt')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((order) => (
                <Table.Tr key={order.id} data-testid={`order-row-${order.reference}`}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('adminOrders.bulk.tick', { reference: order.reference })}
                      checked={ticked.has(order.id)}
                      onChange={(event) => tick(order, event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={LocalLink}
                      to={adminOrderPath(order.reference)}
                      onClick={() => {
                        leaving.current = true;
                      }}
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
                    <OrderAmounts order={order} locale={locale} />
                  </Table.Td>
                  <Table.Td>{t(`adminOrders.method.${order.paymentMethod}`)}</Table.Td>
                  <Table.Td>
                    <OrderStatusBadge status={order.status} size="sm" />
                  </Table.Td>
                  <Table.Td>
                    {formatDateTime(
                      filters.sort === 'waiting' ? order.statusChangedAt : order.createdAt,
                      locale,
                    )}
                  </Table.Td>
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
