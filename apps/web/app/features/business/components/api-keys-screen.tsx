import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/NumberInput.css';
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  API_KEY_SCOPES,
  DEFAULT_API_KEY_RATE_LIMIT,
  apiKeyCreateSchema,
  type ApiKeyCreated,
  type ApiKeyScope,
  type ApiKeyView,
} from '@permuta/contracts/partners';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { ShellLinkButton } from '../../../components/shell-button.tsx';
import { SecretShownOnce } from './secret-shown-once.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useCreateApiKey, useMyApiKeys, useMyBusiness, useRevokeApiKey } from '../api/business.ts';
import { describeFailure, localizedResolver } from '../form.ts';
import { WebhooksPanel } from './webhooks-panel.tsx';

/** An approved business's API keys: create (the whole key shown once), list, revoke. */

/** Each scope's text (its key cannot hold the scope's ':', i18next's namespace separator). */
const SCOPE_TEXTS = {
  'quotes:read': 'apiKeys.scope.quotes_read',
  'orders:read': 'apiKeys.scope.orders_read',
  'orders:write': 'apiKeys.scope.orders_write',
  'webhooks:manage': 'apiKeys.scope.webhooks_manage',
} as const satisfies Record<ApiKeyScope, string>;

/** Buttons in table cells keep their words on one line (a cell may not squeeze them). */
const NO_WRAP = { label: { whiteSpace: 'nowrap' } } as const;

export function ApiKeysScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const business = useMyBusiness(locale);
  const approved = business.data?.status === 'approved';
  const keys = useMyApiKeys(locale, approved);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [webhooksOf, setWebhooksOf] = useState<string | null>(null);
  const webhooksKey = keys.data?.items.find((key) => key.id === webhooksOf) ?? null;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.profileApiKeys.title')}</Title>
      <Text>{t('apiKeys.intro')}</Text>
      {(business.isPending || (approved && keys.isPending)) && <LoadingStatus />}
      {business.isError && (
        <LoadFailure message={t('apiKeys.loadError')} onRetry={() => void business.refetch()} />
      )}
      {business.isSuccess && !approved && (
        <Alert color="yellow" variant="light" data-testid="api-keys-not-approved">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('apiKeys.notApproved')}</Text>
            <ShellLinkButton to="/profile/business" size="sm">
              {t('apiKeys.openBusiness')}
            </ShellLinkButton>
          </Stack>
        </Alert>
      )}
      {keys.isError && (
        <LoadFailure message={t('apiKeys.loadError')} onRetry={() => void keys.refetch()} />
      )}
      {approved && keys.data && (
        <>
          {created ? (
            <CreatedKey created={created} onDone={() => setCreated(null)} />
          ) : (
            <CreateKeyForm max={keys.data.maxRateLimitPerMinute} onCreated={setCreated} />
          )}
          <KeyList
            keys={keys.data.items}
            webhooksOf={webhooksOf}
            onWebhooks={(id) => setWebhooksOf(webhooksOf === id ? null : id)}
          />
          {webhooksKey && (
            <WebhooksPanel
              key={webhooksKey.id}
              apiKey={webhooksKey}
              onClose={() => setWebhooksOf(null)}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function CreatedKey({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretShownOnce
      title={t('apiKeys.createdTitle')}
      body={t('apiKeys.createdBody')}
      secret={created.secret}
      testId="api-key-secret"
      onDone={onDone}
    />
  );
}

interface FormValues {
  name: string;
  scopes: ApiKeyScope[];
  rateLimitPerMinute: number;
}

function CreateKeyForm({
  max,
  onCreated,
}: {
  max: number;
  onCreated: (created: ApiKeyCreated) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const create = useCreateApiKey(locale);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: {
      name: '',
      scopes: ['quotes:read', 'orders:read'],
      rateLimitPerMinute: DEFAULT_API_KEY_RATE_LIMIT,
    },
    validate: localizedResolver(apiKeyCreateSchema, locale),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      onCreated(await create.mutateAsync(values));
      form.reset();
    } catch (error) {
      const found = describeFailure(
        error,
        ['name', 'scopes', 'rateLimitPerMinute'],
        t('messages.generic'),
      );
      form.setErrors(found.fields);
      setFailure(found.message);
    }
  });

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="api-key-create">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="api-key-create">
            {t('apiKeys.createTitle')}
          </Title>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('apiKeys.name')}
            description={t('apiKeys.nameHint')}
            required
            {...form.getInputProps('name')}
          />
          <Checkbox.Group label={t('apiKeys.scopes')} required {...form.getInputProps('scopes')}>
            <Stack gap={6} mt={6}>
              {API_KEY_SCOPES.map((scope) => (
                <Checkbox key={scope} value={scope} label={t(SCOPE_TEXTS[scope])} />
              ))}
            </Stack>
          </Checkbox.Group>
          <NumberInput
            label={t('apiKeys.rateLimit')}
            description={t('apiKeys.rateLimitHint', { max })}
            min={1}
            max={max}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('rateLimitPerMinute')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t('apiKeys.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function KeyList({
  keys,
  webhooksOf,
  onWebhooks,
}: {
  keys: ApiKeyView[];
  webhooksOf: string | null;
  onWebhooks: (id: string) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const revoke = useRevokeApiKey(locale);

  const onRevoke = async (key: ApiKeyView) => {
    if (!window.confirm(t('apiKeys.revokeConfirm', { name: key.name }))) return;
    try {
      await revoke.mutateAsync(key.id);
      void toast.success(t('apiKeys.revokedToast'));
    } catch (error) {
      void toast.error(error instanceof Error ? error.message : t('messages.generic'));
    }
  };

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="api-key-list">
      <Stack gap="sm">
        <Title order={2} size="h3" id="api-key-list">
          {t('apiKeys.listTitle')}
        </Title>
        {keys.length === 0 ? (
          <Text c="dimmed" data-testid="api-keys-empty">
            {t('apiKeys.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('apiKeys.name')}</Table.Th>
                  <Table.Th>{t('apiKeys.prefix')}</Table.Th>
                  <Table.Th>{t('apiKeys.scopes')}</Table.Th>
                  <Table.Th>{t('apiKeys.rateLimit')}</Table.Th>
                  <Table.Th>{t('apiKeys.lastUsed')}</Table.Th>
                  <Table.Th>{t('apiKeys.state')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('webhooks.keyActions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.map((key) => (
                  <Table.Tr key={key.id} data-testid="api-key-row">
                    <Table.Td>{key.name}</Table.Td>
                    <Table.Td>
                      <Code>{key.prefix}…</Code>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{key.scopes.join(', ')}</Text>
                    </Table.Td>
                    <Table.Td>{t('apiKeys.perMinute', { count: key.rateLimitPerMinute })}</Table.Td>
                    <Table.Td>
                      {key.lastUsedAt ? formatDateTime(key.lastUsedAt, locale) : t('apiKeys.never')}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Badge color={key.revokedAt ? 'gray' : 'green'} variant="light">
                        {key.revokedAt ? t('apiKeys.revoked') : t('apiKeys.active')}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          styles={NO_WRAP}
                          aria-expanded={webhooksOf === key.id}
                          onClick={() => onWebhooks(key.id)}
                          aria-label={`${t('webhooks.open')} ${key.name}`}
                        >
                          {t('webhooks.open')}
                        </Button>
                        {!key.revokedAt && (
                          <Button
                            size="xs"
                            color="red"
                            variant="light"
                            styles={NO_WRAP}
                            loading={revoke.isPending && revoke.variables === key.id}
                            onClick={() => void onRevoke(key)}
                            aria-label={`${t('apiKeys.revoke')} ${key.name}`}
                          >
                            {t('apiKeys.revoke')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
