import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Paper.css';
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { adminRoleAllows } from '@permuta/contracts/admin-roles';
import type { DecriptoMonth, DecriptoReport } from '@permuta/contracts/decripto';
import { formatBrl } from '@permuta/contracts/money';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import type { Locale } from '../../../lib/locale.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useAdminProfile } from '../../admin-accounts/api/get-admin-profile.ts';
import { useTwoFactorRedirect } from '../../admin-accounts/use-two-factor-redirect.ts';
import {
  useDecriptoMonths,
  useDownloadDecripto,
  useGenerateDecripto,
  useMarkDecriptoSent,
} from '../api/decripto.ts';

const STATE_COLOR = { missing: 'gray', draft: 'yellow', sent: 'green' } as const;

/** `outubro de 2026` / `October 2026`. */
function monthName(month: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function SentForm({ report, onDone }: { report: DecriptoReport; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const mark = useMarkDecriptoSent(locale);
  const [receipt, setReceipt] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        mark.mutate(
          { month: report.month, version: report.version, receipt },
          {
            onSuccess: () => {
              void toast.success(
                t('adminDecripto.sentDone', { version: report.version, month: report.month }),
              );
              onDone();
            },
            onError: (error) => void toast.error(errorText(error)),
          },
        );
      }}
    >
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label={t('adminDecripto.receipt')}
          value={receipt}
          onChange={(event) => setReceipt(event.currentTarget.value)}
          required
          maxLength={60}
          size="xs"
        />
        <Button type="submit" size="xs" loading={mark.isPending}>
          {t('adminDecripto.confirmSent')}
        </Button>
        <Button variant="default" size="xs" onClick={onDone}>
          {t('adminDecripto.cancel')}
        </Button>
      </Group>
    </form>
  );
}

function VersionRow({ report, canMarkSent }: { report: DecriptoReport; canMarkSent: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const download = useDownloadDecripto(locale);
  const [marking, setMarking] = useState(false);
  return (
    <Table.Tr data-testid={`version-${report.month}-${report.version}`}>
      <Table.Td>{report.version}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatDateTime(report.generatedAt, locale)}</Text>
        <Text size="xs" c="dimmed">
          {report.generatedByName ?? t('adminDecripto.byJob')}
        </Text>
      </Table.Td>
      <Table.Td>{report.operations}</Table.Td>
      <Table.Td>{report.holders}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {formatBrl(report.totalValueBrl, locale)}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBrl(report.totalFeesBrl, locale)}</Table.Td>
      <Table.Td style={{ minWidth: 160 }}>
        <Code fz="xs" style={{ wordBreak: 'break-all' }} data-testid="checksum">
          {report.sha256}
        </Code>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Stack gap={4} align="flex-start">
          <Badge
            variant="light"
            color={STATE_COLOR[report.status]}
            tt="none"
            style={{ flexShrink: 0, overflow: 'visible' }}
          >
            {t(`adminDecripto.states.${report.status}`)}
          </Badge>
          {report.receipt && (
            <Text size="xs">{t('adminDecripto.receiptIs', { receipt: report.receipt })}</Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap', minWidth: 150 }}>
        <Stack gap="xs" align="flex-start">
          <Button
            variant="light"
            size="xs"
            loading={download.isPending}
            aria-label={t('adminDecripto.downloadOf', {
              version: report.version,
              month: report.month,
            })}
            onClick={() =>
              download.mutate(
                { month: report.month, version: report.version },
                { onError: (error) => void toast.error(errorText(error)) },
              )
            }
          >
            {t('adminDecripto.download')}
          </Button>
          {canMarkSent &&
            report.status === 'draft' &&
            (marking ? (
              <SentForm report={report} onDone={() => setMarking(false)} />
            ) : (
              <Button variant="default" size="xs" onClick={() => setMarking(true)}>
                {t('adminDecripto.markSent')}
              </Button>
            ))}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

function MonthCard({ month, canMarkSent }: { month: DecriptoMonth; canMarkSent: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const generate = useGenerateDecripto(locale);
  return (
    <Paper withBorder p="md" radius="md" data-testid={`month-${month.month}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {monthName(month.month, locale)}
            </Title>
            <Text size="sm" c="dimmed">
              {t('adminDecripto.due', { date: formatDate(month.dueDate, locale) })}
            </Text>
          </Stack>
          <Group gap="xs">
            <Badge variant="light" color={STATE_COLOR[month.state]} tt="none">
              {t(`adminDecripto.states.${month.state}`)}
            </Badge>
            <Button
              size="xs"
              loading={generate.isPending}
              aria-label={t('adminDecripto.generateOf', { month: month.month })}
              onClick={() =>
                generate.mutate(month.month, {
                  onSuccess: (report) =>
                    void toast.success(
                      t('adminDecripto.generated', {
                        version: report.version,
                        month: report.month,
                      }),
                    ),
                  onError: (error) => void toast.error(errorText(error)),
                })
              }
            >
              {t('adminDecripto.generate')}
            </Button>
          </Group>
        </Group>
        {month.versions.length === 0 ? (
          <Text size="sm">{t('adminDecripto.noVersions')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('adminDecripto.columns.version')}</Table.Th>
                  <Table.Th scope="col">{t('adminDecripto.columns.generated')}</Table.Th>
                  <Table.Th scope="col">{t('adminDecripto.columns.operations')}</Table.Th>
                  <Table.Th scope="col">{t('adminDecripto.columns.holders')}</Table.Th>
                  <Table.Th scope="col">{t('adminDecripto.columns.value')}</Table.Th>
                  <Table.Th scope="col">{t('adminDecripto.columns.fees')}</Table.Th>
                  <Table.Th scope="col">{t('adminDecripto.columns.checksum')}</Table.Th>
                  <Table.Th scope="col">{t('adminDecripto.columns.status')}</Table.Th>
                  <Table.Th scope="col">{t('adminDecripto.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {month.versions.map((report) => (
                  <VersionRow key={report.id} report={report} canMarkSent={canMarkSent} />
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
 * The DeCripto monthly reports (decision 067): each month from July 2026 with its due date and
 * state, its archived versions (checksum, counts, totals), generate, download and, for owners,
 * "sent" with the Receita's receipt. The official layout is not verified: the screen says so.
 */
export function DecriptoMonthsScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const months = useDecriptoMonths(locale);
  const profile = useAdminProfile(locale);
  useTwoFactorRedirect(months.error);
  const role = profile.data?.adminRole ?? null;
  const canMarkSent = role !== null && adminRoleAllows(role, 'owner');
  return (
    <Stack gap="md">
      <Alert
        color="yellow"
        variant="light"
        title={t('adminDecripto.noticeTitle')}
        data-testid="layout-notice"
      >
        {t('adminDecripto.notice', { layout: months.data?.layout ?? 'permuta-decripto-1' })}
      </Alert>
      <Text size="sm" c="dimmed">
        {t('adminDecripto.explanation')}
      </Text>
      {months.isPending && <LoadingStatus />}
      {months.isError && (
        <LoadFailure message={months.error.message} onRetry={() => void months.refetch()} />
      )}
      {months.data && months.data.months.length === 0 && (
        <Text data-testid="decripto-empty">{t('adminDecripto.empty')}</Text>
      )}
      {months.data?.months.map((month) => (
        <MonthCard key={month.month} month={month} canMarkSent={canMarkSent} />
      ))}
    </Stack>
  );
}
