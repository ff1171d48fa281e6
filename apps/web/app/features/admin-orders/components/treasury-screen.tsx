import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { Anchor, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatAmount } from '../../../lib/amount.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useTwoFactorRedirect } from '../../admin-accounts/use-two-factor-redirect.ts';
import { useTreasury } from '../api/get-treasury.ts';
import { useTreasuryEntries } from '../api/list-treasury-entries.ts';
import type { TreasuryBalance } from '../api/types.ts';
import { adminOrderPath } from '../links.ts';
import { useKeysetPager } from '../../../lib/use-keyset-pager.ts';
import { AdjustmentForm } from './adjustment-form.tsx';
import { KeysetPagerNav } from '../../../components/keyset-pager-nav.tsx';

/** The platform's stock per token, its ledger, and manual adjustments (PRODUCT.md section 2). */
export function TreasuryScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const treasury = useTreasury(locale);
  useTwoFactorRedirect(treasury.error);
  const tokens = treasury.data?.balances.map((balance) => balance.token) ?? [];

  return (
    <Stack gap="lg">
      <TitledSection id="treasury-balances" title={t('adminOrders.treasury.balances')}>
        {treasury.isPending && <LoadingStatus />}
        {treasury.isError && (
          <LoadFailure message={treasury.error.message} onRetry={() => void treasury.refetch()} />
        )}
        {treasury.data && <BalancesTable balances={treasury.data.balances} />}
      </TitledSection>
      <TitledSection id="treasury-entries" title={t('adminOrders.treasury.entries')}>
        <EntriesTable tokens={tokens} />
      </TitledSection>
      <TitledSection id="treasury-adjust" title={t('adminOrders.treasury.adjust.title')}>
        <AdjustmentForm tokens={tokens} />
      </TitledSection>
    </Stack>
  );
}

function BalancesTable({ balances }: { balances: TreasuryBalance[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (balances.length === 0) return <Text c="dimmed">{t('adminOrders.treasury.noBalances')}</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="sm">
        <Table.Caption>{t('adminOrders.treasury.balancesCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('adminOrders.treasury.token')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('adminOrders.treasury.balance')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('adminOrders.treasury.reserved')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('adminOrders.treasury.available')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {balances.map((balance) => {
            const short = balance.available.startsWith('-') && /[1-9]/.test(balance.available);
            return (
              <Table.Tr key={balance.token} data-testid={`balance-${balance.token}`}>
                <Table.Th scope="row">
                  <Text size="sm" fw={600}>
                    {balance.token}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {balance.name}
                  </Text>
                </Table.Th>
                <Table.Td ta="right">{formatAmount(balance.balance, locale)}</Table.Td>
                <Table.Td ta="right">{formatAmount(balance.reserved, locale)}</Table.Td>
                <Table.Td ta="right">
                  <Text
                    size="sm"
                    fw={short ? 700 : undefined}
                    c={short ? 'var(--mantine-color-error)' : undefined}
                  >
                    {formatAmount(balance.available, locale)}
                  </Text>
                  {short && (
                    <Text size="xs" c="var(--mantine-color-error)">
                      {t('adminOrders.treasury.short')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const ALL = 'all';

function EntriesTable({ tokens }: { tokens: string[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const token = params.get('token')?.toUpperCase() || undefined;
  const pager = useKeysetPager(token ?? '');
  const entries = useTreasuryEntries(token, pager.cursor, locale);
  useTwoFactorRedirect(entries.error);
  const choices = token && !tokens.includes(token) ? [token, ...tokens] : tokens;

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <Select
          label={t('adminOrders.treasury.filterToken')}
          data={[
            { value: ALL, label: t('adminOrders.treasury.allTokens') },
            ...choices.map((value) => ({ value, label: value })),
          ]}
          value={token ?? ALL}
          allowDeselect={false}
          onChange={(value) => {
            const next = new URLSearchParams(params);
            if (value && value !== ALL) next.set('token', value);
            else next.delete('token');
            setParams(next, { replace: true, preventScrollReset: true });
          }}
          w={{ base: '100%', sm: 220 }}
        />
        {entries.isFetching && !entries.isPending && (
          <Loader size="sm" role="status" aria-label={t('common.loading')} />
        )}
      </Group>
      {entries.isPending && <LoadingStatus />}
      {entries.isError && (
        <LoadFailure message={entries.error.message} onRetry={() => void entries.refetch()} />
      )}
      {entries.data && entries.data.items.length === 0 && (
        <Text c="dimmed" data-testid="entries-empty">
          {t('adminOrders.treasury.noEntries')}
        </Text>
      )}
      {entries.data && entries.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={860}>
          <Table striped verticalSpacing="sm">
            <Table.Caption>
              {t('adminOrders.treasury.entriesCaption', { page: pager.page })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('adminOrders.treasury.date')}</Table.Th>
                <Table.Th scope="col">{t('adminOrders.treasury.token')}</Table.Th>
                <Table.Th scope="col">{t('adminOrders.treasury.kind')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('adminOrders.treasury.amount')}
                </Table.Th>
                <Table.Th scope="col">{t('adminOrders.treasury.order')}</Table.Th>
                <Table.Th scope="col">{t('adminOrders.treasury.note')}</Table.Th>
                <Table.Th scope="col">{t('adminOrders.treasury.by')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.data.items.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatDateTime(entry.createdAt, locale)}</Table.Td>
                  <Table.Td>{entry.token}</Table.Td>
                  <Table.Td>{t(`adminOrders.treasury.kinds.${entry.kind}`)}</Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={600}>
                      {`${entry.direction === 'credit' ? '+' : '−'}${formatAmount(entry.amount, locale)}`}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`adminOrders.treasury.direction.${entry.direction}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {entry.orderReference ? (
                      <Anchor component={LocalLink} to={adminOrderPath(entry.orderReference)}>
                        {entry.orderReference}
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td style={{ maxWidth: 280, overflowWrap: 'anywhere' }}>
                    {entry.note ?? '—'}
                  </Table.Td>
                  <Table.Td>{entry.createdBy ?? t('adminOrders.actor.system')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {entries.data && (
        <KeysetPagerNav
          label={t('adminOrders.treasury.pages')}
          pager={pager}
          nextCursor={entries.data.nextCursor}
          busy={entries.isPlaceholderData}
        />
      )}
    </Stack>
  );
}
