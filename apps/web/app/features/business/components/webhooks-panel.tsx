import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { Fragment, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ApiKeyView } from '@permuta/contracts/partners';
import {
  WEBHOOK_EVENT_TYPES,
  webhookEndpointCreateSchema,
  type WebhookDeliveryView,
  type WebhookEndpointCreated,
  type WebhookEndpointView,
  type WebhookEventType,
} from '@permuta/contracts/webhooks';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useKeyWebhooks,
  useReplayDelivery,
  useRotateWebhook,
  useWebhookDeliveries,
} from '../api/webhooks.ts';
import { describeFailure, localizedResolver } from '../form.ts';
import { SecretShownOnce } from './secret-shown-once.tsx';

/**
 * One API key's webhook endpoints (decision 065): add (the signing secret shown once), state
 * (a failing endpoint flagged), rotate the secret, delete, and each endpoint's delivery log with
 * the payload, the answer and a button to send an event again.
 */
/** Buttons in table cells keep their words on one line (a cell may not squeeze them). */
const NO_WRAP = { label: { whiteSpace: 'nowrap' } } as const;

export function WebhooksPanel({ apiKey, onClose }: { apiKey: ApiKeyView; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const endpoints = useKeyWebhooks(locale, apiKey.id);
  const [secret, setSecret] = useState<WebhookEndpointCreated | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const live = !apiKey.revokedAt;

  return (
    <Paper
      withBorder
      p="lg"
      radius="lg"
      component="section"
      aria-labelledby="webhooks-title"
      data-testid="webhooks-panel"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h3" id="webhooks-title">
            {t('webhooks.title', { name: apiKey.name })}
          </Title>
          <Button size="xs" variant="subtle" onClick={onClose}>
            {t('webhooks.close')}
          </Button>
        </Group>
        <Text size="sm">{t('webhooks.intro')}</Text>
        {endpoints.isPending && <LoadingStatus />}
        {endpoints.isError && (
          <LoadFailure message={t('webhooks.loadError')} onRetry={() => void endpoints.refetch()} />
        )}
        {secret && <SecretShown created={secret} onDone={() => setSecret(null)} />}
        {endpoints.data && (
          <>
            {endpoints.data.items.length === 0 ? (
              <Text c="dimmed" data-testid="webhooks-empty">
                {t('webhooks.empty')}
              </Text>
            ) : (
              <Stack gap="sm">
                {endpoints.data.items.map((endpoint) => (
                  <EndpointCard
                    key={endpoint.id}
                    keyId={apiKey.id}
                    endpoint={endpoint}
                    live={live}
                    logOpen={logOf === endpoint.id}
                    onLog={() => setLogOf(logOf === endpoint.id ? null : endpoint.id)}
                    onSecret={setSecret}
                  />
                ))}
              </Stack>
            )}
            {live && endpoints.data.items.length < endpoints.data.max && (
              <AddEndpointForm keyId={apiKey.id} onCreated={setSecret} />
            )}
            <Text size="xs" c="dimmed">
              {t('webhooks.limit', { max: endpoints.data.max })}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function SecretShown({ created, onDone }: { created: WebhookEndpointCreated; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretShownOnce
      title={t('webhooks.secretTitle')}
      body={t('webhooks.secretBody', { url: created.url })}
      secret={created.secret}
      testId="webhook-secret"
      onDone={onDone}
    />
  );
}

interface FormValues {
  url: string;
  events: WebhookEventType[];
}

function AddEndpointForm({
  keyId,
  onCreated,
}: {
  keyId: string;
  onCreated: (created: WebhookEndpointCreated) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const create = useCreateWebhook(locale, keyId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: { url: '', events: [...WEBHOOK_EVENT_TYPES] },
    validate: localizedResolver(webhookEndpointCreateSchema, locale),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      onCreated(await create.mutateAsync(values));
      form.reset();
    } catch (error) {
      const found = describeFailure(error, ['url', 'events'], t('messages.generic'));
      form.setErrors(found.fields);
      setFailure(found.message);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="webhook-add">
      <Stack gap="sm">
        <Title order={3} size="h4" id="webhook-add">
          {t('webhooks.addTitle')}
        </Title>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('webhooks.url')}
          description={t('webhooks.urlHint')}
          placeholder="https://erp.example.com/permuta"
          required
          {...form.getInputProps('url')}
        />
        <Checkbox.Group label={t('webhooks.events')} required {...form.getInputProps('events')}>
          <Stack gap={6} mt={6}>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={type} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            {t('webhooks.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EndpointCard({
  keyId,
  endpoint,
  live,
  logOpen,
  onLog,
  onSecret,
}: {
  keyId: string;
  endpoint: WebhookEndpointView;
  live: boolean;
  logOpen: boolean;
  onLog: () => void;
  onSecret: (created: WebhookEndpointCreated) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rotate = useRotateWebhook(locale, keyId);
  const remove = useDeleteWebhook(locale, keyId);
  const failing = endpoint.state === 'failing';

  const onRotate = async () => {
    if (!window.confirm(t('webhooks.rotateConfirm', { url: endpoint.url }))) return;
    try {
      onSecret(await rotate.mutateAsync(endpoint.id));
    } catch (error) {
      void toast.error(error instanceof Error ? error.message : t('messages.generic'));
    }
  };
  const onDelete = async () => {
    if (!window.confirm(t('webhooks.deleteConfirm', { url: endpoint.url }))) return;
    // its log closes first: it would be read again after the endpoint is gone
    if (logOpen) onLog();
    try {
      await remove.mutateAsync(endpoint.id);
      void toast.success(t('webhooks.deletedToast'));
    } catch (error) {
      void toast.error(error instanceof Error ? error.message : t('messages.generic'));
    }
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="webhook-endpoint">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Code style={{ wordBreak: 'break-all' }}>{endpoint.url}</Code>
          <Badge
            color={failing ? 'red' : 'green'}
            variant={failing ? 'filled' : 'light'}
            data-testid="webhook-state"
            style={{ flexShrink: 0 }}
          >
            {failing ? t('webhooks.state.failing') : t('webhooks.state.active')}
          </Badge>
        </Group>
        <Text size="xs">{endpoint.events.join(', ')}</Text>
        {failing && endpoint.failingSince && (
          <Alert color="red" variant="light" p="xs">
            <Text size="sm">
              {t('webhooks.failingSince', {
                when: formatDateTime(endpoint.failingSince, locale),
                count: endpoint.consecutiveFailures,
              })}
            </Text>
          </Alert>
        )}
        {endpoint.previousSecretExpiresAt && (
          <Text size="xs" c="dimmed">
            {t('webhooks.previousSecret', {
              when: formatDateTime(endpoint.previousSecretExpiresAt, locale),
            })}
          </Text>
        )}
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            onClick={onLog}
            aria-expanded={logOpen}
            aria-label={`${t('webhooks.deliveries')} ${endpoint.url}`}
          >
            {t('webhooks.deliveries')}
          </Button>
          {live && (
            <Button
              size="xs"
              variant="light"
              loading={rotate.isPending}
              onClick={() => void onRotate()}
              aria-label={`${t('webhooks.rotate')} ${endpoint.url}`}
            >
              {t('webhooks.rotate')}
            </Button>
          )}
          <Button
            size="xs"
            color="red"
            variant="light"
            loading={remove.isPending}
            onClick={() => void onDelete()}
            aria-label={`${t('webhooks.delete')} ${endpoint.url}`}
          >
            {t('webhooks.delete')}
          </Button>
        </Group>
        {logOpen && <DeliveryLog keyId={keyId} endpointId={endpoint.id} live={live} />}
      </Stack>
    </Paper>
  );
}

function resultText(
  t: ReturnType<typeof useTranslation>['t'],
  delivery: WebhookDeliveryView,
): string {
  const detail = delivery.httpStatus !== null ? String(delivery.httpStatus) : delivery.error;
  const outcome = t(`webhooks.outcome.${delivery.outcome}`);
  return detail ? `${outcome} (${detail})` : outcome;
}

function DeliveryLog({
  keyId,
  endpointId,
  live,
}: {
  keyId: string;
  endpointId: string;
  live: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const deliveries = useWebhookDeliveries(locale, keyId, endpointId);
  const replay = useReplayDelivery(locale, keyId, endpointId);
  const [open, setOpen] = useState<string | null>(null);

  const onReplay = async (delivery: WebhookDeliveryView) => {
    try {
      const result = await replay.mutateAsync(delivery.id);
      const text = t('webhooks.replayedToast', { result: resultText(t, result) });
      void (result.outcome === 'delivered' ? toast.success(text) : toast.error(text));
    } catch (error) {
      void toast.error(error instanceof Error ? error.message : t('messages.generic'));
    }
  };

  if (deliveries.isPending) return <LoadingStatus />;
  if (deliveries.isError) {
    return (
      <LoadFailure
        message={t('webhooks.deliveriesError')}
        onRetry={() => void deliveries.refetch()}
      />
    );
  }
  if (deliveries.data.items.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="webhook-deliveries-empty">
        {t('webhooks.deliveriesEmpty')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('webhooks.col.time')}</Table.Th>
            <Table.Th>{t('webhooks.col.event')}</Table.Th>
            <Table.Th>{t('webhooks.col.result')}</Table.Th>
            <Table.Th>{t('webhooks.col.duration')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('webhooks.details')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.data.items.map((delivery) => (
            <Fragment key={delivery.id}>
              <Table.Tr data-testid="webhook-delivery">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(delivery.startedAt, locale)}
                </Table.Td>
                <Table.Td>
                  <Code>{delivery.eventType}</Code>
                  {delivery.replay && (
                    <Badge ml={6} size="xs" variant="light" color="gray">
                      {t('webhooks.replayTag')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text
                    size="sm"
                    fw={delivery.outcome === 'failed' ? 700 : undefined}
                    data-testid="webhook-delivery-result"
                  >
                    {resultText(t, delivery)}
                  </Text>
                  {delivery.gaveUp && (
                    <Text size="xs" c="dimmed">
                      {t('webhooks.gaveUp')}
                    </Text>
                  )}
                  {delivery.nextAttemptAt && (
                    <Text size="xs" c="dimmed">
                      {t('webhooks.nextAttempt', {
                        when: formatDateTime(delivery.nextAttemptAt, locale),
                      })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {delivery.durationMs === null
                    ? '—'
                    : t('webhooks.durationMs', { ms: delivery.durationMs })}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      styles={NO_WRAP}
                      aria-expanded={open === delivery.id}
                      onClick={() => setOpen(open === delivery.id ? null : delivery.id)}
                    >
                      {t('webhooks.details')}
                    </Button>
                    {live && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        styles={NO_WRAP}
                        loading={replay.isPending && replay.variables === delivery.id}
                        onClick={() => void onReplay(delivery)}
                      >
                        {t('webhooks.replay')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
              {open === delivery.id && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Stack gap={6} data-testid="webhook-delivery-details">
                      <Text size="xs" fw={600}>
                        {t('webhooks.payload')}
                      </Text>
                      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                        {JSON.stringify(delivery.payload, null, 2)}
                      </Code>
                      <Text size="xs" fw={600}>
                        {t('webhooks.answer')}
                      </Text>
                      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                        {delivery.answer ?? t('webhooks.noAnswer')}
                      </Code>
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
