import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useSearchParams } from 'react-router';
import { addDays } from '@permuta/contracts/dashboard';
import { formatMoney } from '@permuta/contracts/money';
import {
  RECONCILIATION_INFO_REASONS,
  RECONCILIATION_TIME_ZONE,
  defaultReconciliationDay,
  isCalendarDay,
  reconciliationToday,
  type ReconciliationAccount,
  type ReconciliationDifference,
  type ReconciliationFigure,
} from '@permuta/contracts/reconciliation';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useTwoFactorRedirect } from '../../admin-accounts/use-two-factor-redirect.ts';
import { adminOrderPath } from '../../admin-orders/links.ts';
import { useDownloadReconciliationCsv, useReconciliation } from '../api/reconciliation.ts';

/** The five sums of an account, in the order the card shows them. */
const FIGURES = [
  { key: 'received', testId: 'figure-received' },
  { key: 'refunded', testId: 'figure-refunded' },
  { key: 'credited', testId: 'figure-credited' },
  { key: 'creditedByHand', testId: 'figure-credited-by-hand' },
  { key: 'paidOut', testId: 'figure-paid-out' },
] as const satisfies readonly { key: keyof ReconciliationAccount; testId: string }[];

type Locale = 'pt-BR' | 'en-US';

/** The inbox's provider filter for an account's payments. */
const INBOX_PROVIDER: Record<ReconciliationAccount['provider'], string> = {
  pix: 'pix',
  crypto: 'exchange',
  deriv: 'deriv',
};

function money(amount: string, token: string, locale: Locale): string {
  return formatMoney(amount, { code: token }, locale);
}

/** An instant in Brasília time, the calendar the report's days are cut in. */
function brasiliaTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: RECONCILIATION_TIME_ZONE,
  }).format(new Date(iso));
}

/** `sexta-feira, 27 de novembro de 2026` / `Friday, November 27, 2026`. */
function longDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

function Figure({
  label,
  figure,
  token,
  testId,
}: {
  label: string;
  figure: ReconciliationFigure;
  token: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
        {money(figure.sum, token, locale)}
      </Text>
      <Text size="xs" c="dimmed">
        {t('adminReconciliation.count', { count: figure.count })}
      </Text>
    </Stack>
  );
}

function DifferenceRow({
  item,
  account,
}: {
  item: ReconciliationDifference;
  account: ReconciliationAccount;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const info = RECONCILIATION_INFO_REASONS.includes(item.reason);
  return (
    <Table.Tr data-testid={`difference-${item.reason}`}>
      <Table.Td>
        <Badge variant="light" color={info ? 'blue' : 'red'} tt="none">
          {t(`adminReconciliation.reasons.${item.reason}`)}
        </Badge>
        {item.otherDay && (
          <Text size="xs" mt={4}>
            {t('adminReconciliation.otherDay', { day: formatDate(item.otherDay, locale) })}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" fw={600}>
          {money(item.amount, account.token, locale)}
        </Text>
        {item.creditedAmount && (
          <Text size="xs">
            {t('adminReconciliation.creditedAs', {
              amount: money(item.creditedAmount, account.token, locale),
            })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {item.orderReference ? (
          <Anchor component={LocalLink} to={adminOrderPath(item.orderReference)} size="sm">
            {item.orderReference}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('adminReconciliation.noOrder')}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere', maxWidth: 260 }}>
        {item.paymentId ? (
          <Stack gap={0}>
            <Anchor
              component={LocalLink}
              to={`/admin/payments?status=all&provider=${INBOX_PROVIDER[account.provider]}`}
              size="sm"
            >
              {t('adminReconciliation.openInbox')}
            </Anchor>
            <Text size="xs" c="dimmed">
              {item.externalId}
            </Text>
            {item.payerName && <Text size="xs">{item.payerName}</Text>}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('adminReconciliation.noPayment')}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{brasiliaTime(item.at, locale)}</Table.Td>
    </Table.Tr>
  );
}

function AccountCard({ account, day }: { account: ReconciliationAccount; day: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const download = useDownloadReconciliationCsv(day, locale);
  const name = t(`adminReconciliation.providers.${account.provider}`, {
    token: account.token,
    network: account.network ?? '',
  });
  const errors = account.differences.filter(
    (d) => !RECONCILIATION_INFO_REASONS.includes(d.reason),
  ).length;
  return (
    <Paper withBorder p="md" radius="md" data-testid={`account-${account.key}`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h3">
              {name}
            </Title>
            <Text size="sm" c={errors > 0 ? 'red' : 'dimmed'}>
              {errors > 0
                ? t('adminReconciliation.errorCount', { count: errors })
                : t('adminReconciliation.noErrors')}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="light"
            loading={download.isPending}
            aria-label={t('adminReconciliation.downloadOf', { account: name })}
            onClick={() =>
              download.mutate(account.key, {
                onError: (error) => void toast.error(error.message),
              })
            }
          >
            {t('adminReconciliation.download')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="md">
          {FIGURES.map(({ key, testId }) => (
            <Figure
              key={key}
              label={t(`adminReconciliation.figures.${key}`)}
              figure={account[key]}
              token={account.token}
              testId={testId}
            />
          ))}
        </SimpleGrid>
        {account.differences.length > 0 && (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="xs" striped>
              <Table.Caption>
                {t('adminReconciliation.differencesOf', { account: name })}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('adminReconciliation.columns.reason')}</Table.Th>
                  <Table.Th scope="col">{t('adminReconciliation.columns.amount')}</Table.Th>
                  <Table.Th scope="col">{t('adminReconciliation.columns.order')}</Table.Th>
                  <Table.Th scope="col">{t('adminReconciliation.columns.payment')}</Table.Th>
                  <Table.Th scope="col">{t('adminReconciliation.columns.at')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {account.differences.map((item, index) => (
                  <DifferenceRow
                    key={`${item.reason}-${item.paymentId ?? ''}-${item.orderId ?? ''}-${index}`}
                    item={item}
                    account={account}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The daily reconciliation report (decision 046): a São Paulo day chosen in the URL (`?day=`,
 * yesterday by default, never after today), a card per provider account with its figures and
 * differences, and each account's CSV.
 */
export function ReconciliationReport() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const now = new Date();
  const today = reconciliationToday(now);
  const asked = params.get('day') ?? '';
  const day = asked !== '' ? asked : defaultReconciliationDay(now);
  const report = useReconciliation(day, locale);
  useTwoFactorRedirect(report.error);
  const valid = isCalendarDay(day);

  const go = (next: string) => {
    const search = new URLSearchParams(params);
    search.set('day', next);
    setParams(search, { preventScrollReset: true });
  };

  return (
    <Stack gap="md">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Button
          variant="default"
          disabled={!valid}
          onClick={() => go(addDays(day, -1))}
          aria-label={t('adminReconciliation.previousDay')}
        >
          ‹
        </Button>
        <TextInput
          type="date"
          label={t('adminReconciliation.day')}
          value={valid ? day : ''}
          max={today}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isCalendarDay(value) && value <= today) go(value);
          }}
          w={{ base: 220 }}
        />
        <Button
          variant="default"
          disabled={!valid || day >= today}
          onClick={() => go(addDays(day, 1))}
          aria-label={t('adminReconciliation.nextDay')}
        >
          ›
        </Button>
      </Group>
      {valid && (
        <Text fw={600} data-testid="reconciliation-day">
          {longDay(day, locale)}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {t('adminReconciliation.explanation')}
      </Text>
      {report.isPending && <LoadingStatus />}
      {report.isError && (
        <Stack gap="xs" align="flex-start">
          <LoadFailure
            message={report.error.message}
            onRetry={
              report.error instanceof ApiError &&
              report.error.status >= 400 &&
              report.error.status < 500
                ? undefined
                : () => void report.refetch()
            }
          />
          {day !== today && (
            <Button variant="light" size="xs" onClick={() => go(today)}>
              {t('adminReconciliation.showToday')}
            </Button>
          )}
        </Stack>
      )}
      {report.data && report.data.accounts.length === 0 && (
        <Text data-testid="reconciliation-empty">
          {t('adminReconciliation.empty', { day: formatDate(report.data.day, locale) })}
        </Text>
      )}
      {report.data?.accounts.map((account) => (
        <AccountCard key={account.key} account={account} day={report.data.day} />
      ))}
    </Stack>
  );
}
