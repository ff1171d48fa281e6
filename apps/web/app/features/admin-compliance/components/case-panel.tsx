import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Anchor.css';
import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import type { ComplianceAlert, ComplianceCase } from '@permuta/contracts/compliance';
import { formatBrl } from '@permuta/contracts/money';
import type { Locale } from '../../../lib/locale.ts';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { fieldsOf } from './fields-of.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useAddNote, useComplianceCase, useDecideCase } from '../api/compliance.ts';

export const STATUS_COLORS = { open: 'orange', under_analysis: 'blue', closed: 'gray' } as const;

/** The facts the rules write (decision 066), named in the page's language. */
const FACT_KEYS = [
  'limit',
  'limitBrl',
  'floorBrl',
  'totalBrl',
  'windowDays',
  'marginPercent',
  'orders',
  'kind',
  'recentBrl',
  'averageMonthBrl',
  'thresholdBrl',
  'multiple',
  'count',
  'wallets',
  'reference',
  'provider',
  'amount',
  'token',
  'payerDocument',
  'payerName',
  'occurredAt',
] as const;
type FactKey = (typeof FACT_KEYS)[number];
/** The words some facts hold (the limit broken, the volume rule's kind), named too. */
const FACT_VALUES = [
  'order_limit',
  'two_factor',
  'level_daily',
  'above_history',
  'first_month',
] as const;
type FactValue = (typeof FACT_VALUES)[number];
const isFactValue = (value: unknown): value is FactValue =>
  typeof value === 'string' && (FACT_VALUES as readonly string[]).includes(value);
const isFactKey = (key: string): key is FactKey => (FACT_KEYS as readonly string[]).includes(key);

/** A fact's value as text: reais as the page writes them, lists and objects as JSON. */
function factText(key: string, value: unknown, locale: Locale): string {
  if (value === null || value === undefined) return '—';
  if (key.endsWith('Brl') && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) {
    return formatBrl(value, locale);
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  return JSON.stringify(value);
}

function AlertCard({ alert }: { alert: ComplianceAlert }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Paper withBorder p="sm" data-testid={`compliance-alert-${alert.rule}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{t(`adminCompliance.rules.${alert.rule}`)}</Text>
          <Text size="sm" c="dimmed">
            {formatDateTime(alert.createdAt, locale)}
          </Text>
        </Group>
        <Text size="sm">{t(`adminCompliance.ruleHelp.${alert.rule}`)}</Text>
        <Group gap="xs" wrap="wrap">
          <Text size="sm">{t('adminCompliance.orders')}</Text>
          {alert.orders.map((order) => (
            <Anchor
              key={order.id}
              component={LocalLink}
              to={`/admin/orders/${order.reference}`}
              size="sm"
              underline="always"
            >
              {order.reference}
            </Anchor>
          ))}
        </Group>
        <Stack component="dl" gap={2} m={0}>
          {Object.entries(alert.facts)
            .filter(([key]) => key !== 'orderIds')
            .map(([key, value]) => (
              <Group key={key} gap="xs" wrap="nowrap" align="flex-start">
                <Text component="dt" size="xs" c="dimmed" miw={140}>
                  {isFactKey(key) ? t(`adminCompliance.facts.${key}`) : key}
                </Text>
                <Text component="dd" size="xs" m={0} style={{ overflowWrap: 'anywhere' }}>
                  {isFactValue(value)
                    ? t(`adminCompliance.factValues.${value}`)
                    : factText(key, value, locale)}
                </Text>
              </Group>
            ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

function NoteForm({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const add = useAddNote(locale);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate(
          { id: caseId, input: text },
          {
            onSuccess: () => {
              setText('');
              setError(null);
              void toast.success(t('adminCompliance.noteAdded'));
            },
            onError: (failure) => setError(fieldsOf(failure).text ?? failure.message),
          },
        );
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={t('adminCompliance.noteLabel')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={error}
          minRows={2}
          maxLength={5000}
        />
        <Group>
          <Button type="submit" loading={add.isPending}>
            {t('adminCompliance.addNote')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DecisionForm({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const decide = useDecideCase(locale);
  const [kind, setKind] = useState<'dismissed' | 'reported'>('dismissed');
  const [text, setText] = useState('');
  const [protocol, setProtocol] = useState('');
  const [reportedOn, setReportedOn] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () =>
    decide.mutate(
      {
        id: caseId,
        input:
          kind === 'dismissed'
            ? { decision: 'dismissed', text }
            : { decision: 'reported', text, protocol, reportedOn },
      },
      {
        onSuccess: () => {
          setConfirming(false);
          void toast.success(t('adminCompliance.decided'));
        },
        onError: (failure) => {
          setConfirming(false);
          setErrors(fieldsOf(failure));
          void toast.error(failure.message);
        },
      },
    );

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setConfirming(true);
        }}
      >
        <Stack gap="xs">
          <SegmentedControl
            aria-label={t('adminCompliance.decisionKind')}
            value={kind}
            onChange={(value) => setKind(value as 'dismissed' | 'reported')}
            data={[
              { value: 'dismissed', label: t('adminCompliance.decisions.dismissed') },
              { value: 'reported', label: t('adminCompliance.decisions.reported') },
            ]}
          />
          <Textarea
            label={
              kind === 'dismissed'
                ? t('adminCompliance.dismissReason')
                : t('adminCompliance.reportSummary')
            }
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={errors.text}
            minRows={2}
            maxLength={5000}
          />
          {kind === 'reported' && (
            <Group grow align="flex-start">
              <TextInput
                label={t('adminCompliance.protocol')}
                value={protocol}
                onChange={(event) => setProtocol(event.currentTarget.value)}
                error={errors.protocol}
              />
              <TextInput
                type="date"
                label={t('adminCompliance.reportedOn')}
                value={reportedOn}
                onChange={(event) => setReportedOn(event.currentTarget.value)}
                error={errors.reportedOn}
              />
            </Group>
          )}
          <Group>
            <Button type="submit" color={kind === 'reported' ? 'red' : undefined}>
              {t('adminCompliance.decide')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('adminCompliance.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('adminCompliance.close') }}
      >
        <Stack>
          <Text>
            {t(
              kind === 'dismissed'
                ? 'adminCompliance.confirmDismiss'
                : 'adminCompliance.confirmReport',
            )}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('adminCompliance.cancel')}
            </Button>
            <Button loading={decide.isPending} onClick={submit}>
              {t('adminCompliance.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function CaseBody({ data }: { data: ComplianceCase }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {t('adminCompliance.caseOf', { name: data.customer.name })}
        </Title>
        <Badge color={STATUS_COLORS[data.status]} variant="light" size="lg" tt="none">
          {t(`adminCompliance.statuses.${data.status}`)}
        </Badge>
      </Group>
      <Text size="sm">
        {data.customer.email}
        {data.customer.cpf ? ` · CPF ${data.customer.cpf}` : ''}
        {data.customer.anonymized ? ` · ${t('adminCompliance.anonymized')}` : ''}
      </Text>
      <Anchor
        component={LocalLink}
        to={`/admin/manager-customers/${data.customer.id}`}
        size="sm"
        underline="always"
      >
        {t('adminCompliance.openCustomer')}
      </Anchor>
      <Title order={3} size="h4">
        {t('adminCompliance.alerts')}
      </Title>
      {data.alerts.map((alert) => (
        <AlertCard key={alert.id} alert={alert} />
      ))}
      <Title order={3} size="h4">
        {t('adminCompliance.notes')}
      </Title>
      {data.notes.length === 0 && <Text size="sm">{t('adminCompliance.noNotes')}</Text>}
      <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {data.notes.map((note) => (
          <Paper component="li" key={note.id} withBorder p="sm">
            <Text size="xs" c="dimmed">
              {t('adminCompliance.noteBy', {
                name: note.author,
                date: formatDateTime(note.createdAt, locale),
              })}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {note.text}
            </Text>
          </Paper>
        ))}
      </Stack>
      {data.decision ? (
        <Paper withBorder p="sm" data-testid="compliance-decision">
          <Text fw={600}>{t(`adminCompliance.decisions.${data.decision.kind}`)}</Text>
          <Text size="xs" c="dimmed">
            {t('adminCompliance.noteBy', {
              name: data.decision.by,
              date: formatDateTime(data.decision.at, locale),
            })}
          </Text>
          {data.decision.protocol && data.decision.reportedOn && (
            <Text size="sm">
              {t('adminCompliance.reportedWith', {
                protocol: data.decision.protocol,
                date: formatDate(data.decision.reportedOn, locale),
              })}
            </Text>
          )}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {data.decision.text}
          </Text>
        </Paper>
      ) : (
        <>
          <NoteForm caseId={data.id} />
          <Title order={3} size="h4">
            {t('adminCompliance.decision')}
          </Title>
          <DecisionForm caseId={data.id} />
        </>
      )}
    </Stack>
  );
}

/** One case: the customer, the alerts with their facts, the notes, a note and the decision. */
export function CasePanel({ id }: { id: string }) {
  const locale = useLocale();
  const query = useComplianceCase(id, locale);
  return (
    <Paper withBorder p="md" component="section" data-testid="compliance-case">
      {query.isPending && <LoadingStatus />}
      {query.isError && (
        <LoadFailure message={query.error.message} onRetry={() => void query.refetch()} />
      )}
      {query.data && <CaseBody data={query.data} />}
    </Paper>
  );
}
