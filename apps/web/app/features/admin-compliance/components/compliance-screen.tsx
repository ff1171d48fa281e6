import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Anchor.css';
import { Anchor, Badge, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CASE_STATUSES, COMPLIANCE_RULES } from '@permuta/contracts/compliance';
import { KeysetPagerNav } from '../../../components/keyset-pager-nav.tsx';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useKeysetPager } from '../../../lib/use-keyset-pager.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useTwoFactorRedirect } from '../../admin-accounts/use-two-factor-redirect.ts';
import { useComplianceCases, useComplianceSummary } from '../api/compliance.ts';
import { CasePanel, STATUS_COLORS } from './case-panel.tsx';
import { DeclarationPanel } from './declaration-panel.tsx';

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}

/**
 * The back office's compliance page (decision 066): the case queue with its filters and keyset
 * pages, the case chosen (`?case=<id>`) beside it, and the yearly declaration.
 */
export function ComplianceScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const status = pick(params.get('status'), CASE_STATUSES);
  const rule = pick(params.get('rule'), COMPLIANCE_RULES);
  const selected = params.get('case');
  const [customerInput, setCustomerInput] = useState(params.get('customer') ?? '');
  const [customer] = useDebouncedValue(customerInput.trim(), 300);
  const filters = { status, rule, customer: customer || undefined };
  const pager = useKeysetPager(JSON.stringify(filters));
  const cases = useComplianceCases(filters, pager.cursor, locale);
  const summary = useComplianceSummary(locale);
  useTwoFactorRedirect(cases.error);

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: key !== 'case', preventScrollReset: true });
  };

  return (
    <Stack gap="lg">
      <Text size="sm">{t('adminCompliance.intro')}</Text>
      {summary.data && <DeclarationPanel summary={summary.data} />}
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('adminCompliance.filterStatus')}
          w={{ base: '100%', sm: 200 }}
          value={status ?? 'all'}
          onChange={(value) => setParam('status', value === 'all' ? null : value)}
          data={[
            { value: 'all', label: t('adminCompliance.all') },
            ...CASE_STATUSES.map((s) => ({ value: s, label: t(`adminCompliance.statuses.${s}`) })),
          ]}
          allowDeselect={false}
        />
        <Select
          label={t('adminCompliance.filterRule')}
          w={{ base: '100%', sm: 260 }}
          value={rule ?? 'all'}
          onChange={(value) => setParam('rule', value === 'all' ? null : value)}
          data={[
            { value: 'all', label: t('adminCompliance.all') },
            ...COMPLIANCE_RULES.map((r) => ({ value: r, label: t(`adminCompliance.rules.${r}`) })),
          ]}
          allowDeselect={false}
        />
        <TextInput
          label={t('adminCompliance.filterCustomer')}
          w={{ base: '100%', sm: 260 }}
          value={customerInput}
          onChange={(event) => setCustomerInput(event.currentTarget.value)}
          maxLength={100}
        />
      </Group>
      {cases.isPending && <LoadingStatus />}
      {cases.isError && (
        <LoadFailure message={cases.error.message} onRetry={() => void cases.refetch()} />
      )}
      {cases.data && cases.data.items.length === 0 && (
        <Text data-testid="compliance-empty">{t('adminCompliance.empty')}</Text>
      )}
      {cases.data && cases.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminCompliance.customer')}</Table.Th>
                <Table.Th>{t('adminCompliance.rulesColumn')}</Table.Th>
                <Table.Th>{t('adminCompliance.status')}</Table.Th>
                <Table.Th>{t('adminCompliance.lastAlert')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cases.data.items.map((item) => (
                <Table.Tr key={item.id} data-testid={`compliance-case-${item.id}`}>
                  <Table.Td>
                    <Anchor
                      component={LocalLink}
                      to={`/admin/compliance?case=${item.id}`}
                      underline="always"
                      aria-current={selected === item.id ? 'true' : undefined}
                    >
                      {item.customer.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {item.customer.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {item.rules.map((r) => t(`adminCompliance.rules.${r}`)).join(', ')} (
                    {item.alerts})
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[item.status]} variant="light" tt="none">
                      {t(`adminCompliance.statuses.${item.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDateTime(item.lastAlertAt, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {cases.data && (
        <KeysetPagerNav
          label={t('adminCompliance.pages')}
          pager={pager}
          nextCursor={cases.data.nextCursor}
          busy={cases.isPlaceholderData}
        />
      )}
      {selected && /^[0-9a-f-]{36}$/.test(selected) && <CasePanel key={selected} id={selected} />}
    </Stack>
  );
}
