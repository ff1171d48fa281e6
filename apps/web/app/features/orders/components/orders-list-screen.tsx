import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { useState } from 'react';
import { Anchor, Button, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney } from '@permuta/contracts/money';
import { ORDER_STATUS_NAMES, ORDER_STATUSES } from '@permuta/contracts/order-state';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useOrders, type OrderStatusFilter } from '../api/list-orders.ts';
import { HistoryExport } from './history-export.tsx';
import { OrderStatusBadge } from './order-status.tsx';
import classes from './orders.module.css';

const FILTERS: OrderStatusFilter[] = ['all', ...ORDER_STATUSES];

/** /profile/my-orders: the customer's orders, newest first, filtered by status, a page at a time. */
export function OrdersListScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [status, setStatus] = useState<OrderStatusFilter>('all');
  const [page, setPage] = useState(1);
  const orders = useOrders({ status, page }, locale);
  const amount = (value: string, token: string) => formatMoney(value, { code: token }, locale);

  const choose = (value: string | null) => {
    setStatus((value as OrderStatusFilter | null) ?? 'all');
    setPage(1);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Title order={1}>{t('pages.profileMyOrders.title')}</Title>
        <Group gap="sm">
          <HistoryExport />
          <Button component={LocalLink} to="/profile/exchange-now" variant="light">
            {t('pages.profileExchangeNow.title')}
          </Button>
        </Group>
      </Group>
      <Group align="flex-end" gap="md">
        <Select
          label={t('orders.list.filter')}
          data={FILTERS.map((value) => ({
            value,
            label: value === 'all' ? t('orders.list.all') : ORDER_STATUS_NAMES[value][locale],
          }))}
          value={status}
          onChange={choose}
          allowDeselect={false}
          checkIconPosition="right"
          comboboxProps={{ withinPortal: false }}
          w={{ base: '100%', sm: 260 }}
        />
        {orders.isFetching && !orders.isPending && (
          <Loader size="sm" role="status" aria-label={t('common.loading')} />
        )}
      </Group>

      {orders.isPending && <LoadingStatus />}
      {orders.isError && (
        <LoadFailure message={t('orders.list.loadError')} onRetry={() => void orders.refetch()} />
      )}
      {orders.data && orders.data.items.length === 0 && (
        <Stack gap="sm" align="flex-start" data-testid="orders-empty">
          <Text>{status === 'all' ? t('orders.list.empty') : t('orders.list.emptyFilter')}</Text>
          <Button component={LocalLink} to="/profile/exchange-now">
            {t('pages.profileExchangeNow.title')}
          </Button>
        </Stack>
      )}
      {orders.data && orders.data.items.length > 0 && (
        <>
          <Table
            striped
            highlightOnHover
            verticalSpacing="sm"
            className={classes.ordersTable}
            data-testid="orders-table"
          >
            <Table.Caption>{t('orders.list.caption', { count: orders.data.total })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('orders.list.reference')}</Table.Th>
                <Table.Th scope="col">{t('orders.list.date')}</Table.Th>
                <Table.Th scope="col">{t('orders.list.send')}</Table.Th>
                <Table.Th scope="col">{t('orders.list.receive')}</Table.Th>
                <Table.Th scope="col">{t('orders.list.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.data.items.map((order) => (
                <Table.Tr key={order.id}>
                  <Table.Td data-label={t('orders.list.reference')}>
                    <Anchor
                      component={LocalLink}
                      to={`/profile/my-orders/${encodeURIComponent(order.reference)}`}
                      fw={600}
                      size="sm"
                      underline="always"
                      className={classes.reference}
                    >
                      {order.reference}
                    </Anchor>
                  </Table.Td>
                  <Table.Td data-label={t('orders.list.date')}>
                    <span>{formatDateTime(order.createdAt, locale)}</span>
                  </Table.Td>
                  <Table.Td data-label={t('orders.list.send')}>
                    <span>{amount(order.amountSend, order.sendToken)}</span>
                  </Table.Td>
                  <Table.Td data-label={t('orders.list.receive')}>
                    <span>{amount(order.amountReceive, order.receiveToken)}</span>
                  </Table.Td>
                  <Table.Td data-label={t('orders.list.status')}>
                    <OrderStatusBadge status={order.status} summary={order.summary} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <PagePagination
            total={orders.data.total}
            pageSize={orders.data.pageSize}
            page={page}
            onChange={setPage}
            labels={{
              previous: t('orders.list.previousPage'),
              next: t('orders.list.nextPage'),
              page: (item) => t('orders.list.page', { page: item }),
            }}
          />
        </>
      )}
    </Stack>
  );
}
