import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { useEffect, useRef, useState } from 'react';
import { Anchor, Group, Loader, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatCpf, formatDateTime } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useCustomers } from '../api/list-customers.ts';
import type { CustomerStatusFilter } from '../api/types.ts';
import { useTwoFactorRedirect } from '../use-two-factor-redirect.ts';
import { CustomerFlags } from './customer-flags.tsx';

const STATUSES: CustomerStatusFilter[] = ['all', 'active', 'inactive', 'unverified', 'verified'];
const SEARCH_DEBOUNCE_MS = 300;

interface CustomerFilters {
  q: string;
  status: CustomerStatusFilter;
  page: number;
}

/** The list's filters and page from the URL (`?q=&status=&page=`): a reload or a link keeps them. */
export function customerFiltersOf(params: URLSearchParams): CustomerFilters {
  const status = params.get('status') as CustomerStatusFilter | null;
  const page = Number(params.get('page'));
  return {
    q: params.get('q')?.trim() ?? '',
    status: status && STATUSES.includes(status) ? status : 'all',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function searchOf(filters: CustomerFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.q) search.set('q', filters.q);
  if (filters.status !== 'all') search.set('status', filters.status);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

export function CustomersTable() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const { q, status, page } = customerFiltersOf(params);
  const update = (next: CustomerFilters) =>
    setParams(searchOf(next), { replace: true, preventScrollReset: true });
  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // set when a customer is opened: a search still waiting for its debounce must not write the
  // list's URL over the navigation to that customer (the list stays mounted while it loads)
  const leaving = useRef(false);
  useEffect(() => {
    // a new search starts from its first page; the URL's own changes do not loop back here
    if (debounced !== q && !leaving.current) update({ q: debounced, status, page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const customers = useCustomers({ q, status, page }, locale);
  useTwoFactorRedirect(customers.error);

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          type="search"
          label={t('admin.customers.search')}
          placeholder={t('admin.customers.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 340 }}
        />
        <Select
          label={t('admin.customers.status')}
          data={STATUSES.map((value) => ({ value, label: t(`admin.customers.filter.${value}`) }))}
          value={status}
          onChange={(value) =>
            update({ q, status: (value as CustomerStatusFilter | null) ?? 'all', page: 1 })
          }
          allowDeselect={false}
          w={{ base: '100%', sm: 220 }}
        />
        {customers.isFetching && !customers.isPending && (
          <Loader size="sm" role="status" aria-label={t('common.loading')} />
        )}
      </Group>
      {customers.isPending && <LoadingStatus />}
      {customers.isError && (
        <LoadFailure message={customers.error.message} onRetry={() => void customers.refetch()} />
      )}
      {customers.data && customers.data.items.length === 0 && (
        <Text data-testid="customers-empty">
          {q || status !== 'all' ? t('admin.customers.noMatch') : t('admin.customers.empty')}
        </Text>
      )}
      {customers.data && customers.data.items.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Caption>
                {t('admin.customers.caption', { total: customers.data.total })}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('admin.fields.name')}</Table.Th>
                  <Table.Th scope="col">{t('admin.fields.email')}</Table.Th>
                  <Table.Th scope="col">{t('admin.fields.cpf')}</Table.Th>
                  <Table.Th scope="col">{t('admin.customers.status')}</Table.Th>
                  <Table.Th scope="col">{t('admin.customers.registeredAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {customers.data.items.map((customer) => (
                  <Table.Tr key={customer.id}>
                    <Table.Td>
                      <Anchor
                        component={LocalLink}
                        to={`/admin/manager-customers/${encodeURIComponent(customer.id)}`}
                        onClick={() => {
                          leaving.current = true;
                        }}
                        fw={600}
                        size="sm"
                        c="var(--mantine-color-text)"
                        underline="always"
                      >
                        {customer.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        @{customer.username}
                      </Text>
                    </Table.Td>
                    <Table.Td>{customer.email}</Table.Td>
                    <Table.Td>{formatCpf(customer.cpf)}</Table.Td>
                    <Table.Td>
                      <CustomerFlags customer={customer} compact />
                    </Table.Td>
                    <Table.Td>{formatDateTime(customer.createdAt, locale)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PagePagination
            total={customers.data.total}
            pageSize={customers.data.pageSize}
            page={page}
            onChange={(next) => update({ q, status, page: next })}
            labels={{
              previous: t('admin.common.previousPage'),
              next: t('admin.common.nextPage'),
              page: (item) => t('admin.common.page', { page: item }),
            }}
          />
        </>
      )}
    </Stack>
  );
}
