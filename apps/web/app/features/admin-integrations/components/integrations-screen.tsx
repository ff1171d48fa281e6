import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import type {
  IntegrationProvider,
  IntegrationTest,
  IntegrationView,
} from '@permuta/contracts/integrations';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useCheckedForm } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useIntegrations, useTestIntegration, useUpdateIntegration } from '../api/integrations.ts';

type FieldKind = 'text' | 'secret' | 'pem';
type FieldName =
  | 'apiUrl'
  | 'clientId'
  | 'clientSecret'
  | 'certificate'
  | 'privateKey'
  | 'webhookSecret'
  | 'wsUrl'
  | 'appId'
  | 'token';

/** The fields of each provider's form, in the order shown (names as the contracts have them). */
const FIELDS: Record<IntegrationProvider, { name: FieldName; kind: FieldKind }[]> = {
  pix: [
    { name: 'apiUrl', kind: 'text' },
    { name: 'clientId', kind: 'text' },
    { name: 'clientSecret', kind: 'secret' },
    { name: 'certificate', kind: 'pem' },
    { name: 'privateKey', kind: 'pem' },
    { name: 'webhookSecret', kind: 'secret' },
  ],
  deriv: [
    { name: 'wsUrl', kind: 'text' },
    { name: 'appId', kind: 'text' },
    { name: 'token', kind: 'secret' },
  ],
};

/**
 * What each provider can do by itself today (a switch of something not built shows, disabled,
 * with a line that says so). PIX payouts through the PSP: decision 044.
 */
const AVAILABLE: Record<IntegrationProvider, { deposits: boolean; payouts: boolean }> = {
  pix: { deposits: true, payouts: true },
  deriv: { deposits: true, payouts: true },
};

/** Results of a connection test the page words itself (any other is shown by its code). */
const KNOWN_RESULTS = [
  'connected',
  'credentials_refused',
  'unreachable',
  'timeout',
  'account_mismatch',
  'incomplete',
  'not_available',
  'no_pix_key',
  'rejected',
] as const;
type KnownResult = (typeof KNOWN_RESULTS)[number];
const isKnownResult = (result: string): result is KnownResult =>
  (KNOWN_RESULTS as readonly string[]).includes(result);

const formSchema = (provider: IntegrationProvider) => () =>
  import('@permuta/contracts/integrations').then((m) => m.integrationFormSchemaOf(provider));

const FIELD_NAMES = new Set<string>(Object.values(FIELDS).flatMap((f) => f.map((x) => x.name)));

/**
 * The fields an incomplete provider lacks, as the API lists them ("config.apiUrl,
 * secrets.clientSecret"), by this page's names of them; null when it names one the page has no
 * field for (then the detail is shown as it came).
 */
function missingFields(detail: string): FieldName[] | null {
  const names = detail
    .split(',')
    .map((part) => /^(?:config|secrets)\.(\w+)$/.exec(part.trim())?.[1]);
  return names.every((name) => name !== undefined && FIELD_NAMES.has(name))
    ? (names as FieldName[])
    : null;
}

function TestResult({ result }: { result: IntegrationTest }) {
  const { t } = useTranslation();
  const missing =
    result.result === 'incomplete' && result.detail ? missingFields(result.detail) : null;
  return (
    <Alert
      color={result.ok ? 'green' : 'red'}
      variant="light"
      role="status"
      data-testid="integration-test-result"
    >
      <Text size="sm" fw={600}>
        {isKnownResult(result.result)
          ? t(`adminIntegrations.results.${result.result}`)
          : t('adminIntegrations.results.other', { result: result.result })}
      </Text>
      {result.account && (
        <Text size="sm">{t('adminIntegrations.testAccount', { account: result.account })}</Text>
      )}
      {missing ? (
        <Text size="sm">
          {t('adminIntegrations.missing', {
            fields: missing.map((name) => t(`adminIntegrations.fields.${name}.label`)).join(', '),
          })}
        </Text>
      ) : (
        result.detail && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {result.detail}
          </Text>
        )
      )}
    </Alert>
  );
}

function IntegrationCard({ integration }: { integration: IntegrationView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { provider } = integration;
  const update = useUpdateIntegration(provider, locale);
  const test = useTestIntegration(provider, locale);
  const [failure, setFailure] = useState<string | null>(null);
  // a new key remounts the fields after a save, so that typed secrets do not stay in the page
  const [generation, setGeneration] = useState(0);
  const available = AVAILABLE[provider];

  const form = useCheckedForm({
    locale,
    schema: formSchema(provider),
    onValid: async (values, element) => {
      setFailure(null);
      const { integrationUpdateFromForm, integrationFormField } =
        await import('@permuta/contracts/integrations');
      try {
        await update.mutateAsync(
          integrationUpdateFromForm(provider, values as Record<string, string | boolean>),
        );
        element.reset();
        setGeneration((n) => n + 1);
        toast.success(t('adminIntegrations.saved'));
      } catch (error) {
        if (isApiError(error)) {
          form.setErrors(
            Object.fromEntries(
              Object.entries(error.fields).map(([field, message]) => [
                integrationFormField(field),
                message,
              ]),
            ),
          );
          setFailure(error.message);
        } else {
          setFailure(t('messages.generic'));
        }
      }
    },
  });

  const removeSecret = async (name: string) => {
    setFailure(null);
    try {
      await update.mutateAsync({ secrets: { [name]: null } });
      toast.success(t('adminIntegrations.removed'));
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('messages.generic'));
    }
  };

  const titleId = `integration-${provider}-title`;
  return (
    <Paper
      component="section"
      withBorder
      p="md"
      aria-labelledby={titleId}
      data-testid={`integration-${provider}`}
    >
      <form {...form.formProps} key={generation}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={2}>
              <Title order={2} size="h3" id={titleId}>
                {t(`adminIntegrations.providers.${provider}.title`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`adminIntegrations.providers.${provider}.description`)}
              </Text>
            </Stack>
            <Badge
              color={integration.configured ? 'green' : 'gray'}
              variant="light"
              size="lg"
              tt="none"
            >
              {integration.configured
                ? t('adminIntegrations.configured')
                : t('adminIntegrations.notConfigured')}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {integration.updatedAt
              ? t('adminIntegrations.lastSaved', {
                  when: formatDateTime(integration.updatedAt, locale),
                  who: integration.updatedBy ?? t('adminIntegrations.someone'),
                })
              : t('adminIntegrations.neverSaved')}
          </Text>
          {integration.problem && (
            <Alert
              color="red"
              variant="light"
              title={t(`adminIntegrations.problems.${integration.problem.code}`)}
              data-testid={`integration-${provider}-problem`}
            >
              {/* the provider's words quoted: they end a sentence of their own */}
              {integration.problem.detail
                ? t('adminIntegrations.problemSince', {
                    when: formatDateTime(integration.problem.at, locale),
                    detail: integration.problem.detail,
                  })
                : t('adminIntegrations.problemSinceNoDetail', {
                    when: formatDateTime(integration.problem.at, locale),
                  })}
            </Alert>
          )}
          {failure && (
            <Alert color="red" role="alert" variant="light">
              {failure}
            </Alert>
          )}
          {FIELDS[provider].map(({ name, kind }) => {
            const label = t(`adminIntegrations.fields.${name}.label`);
            const description = t(`adminIntegrations.fields.${name}.description`);
            if (kind === 'text') {
              return (
                <TextInput
                  key={name}
                  label={label}
                  description={description}
                  defaultValue={integration.config[name] ?? ''}
                  autoComplete="off"
                  {...form.field(name)}
                />
              );
            }
            const set = integration.secretsSet[name] === true;
            const placeholder = set
              ? t('adminIntegrations.secretSet')
              : t('adminIntegrations.secretUnset');
            return (
              <Stack key={name} gap={4}>
                {kind === 'pem' ? (
                  <Textarea
                    label={label}
                    description={description}
                    placeholder={placeholder}
                    rows={3}
                    spellCheck={false}
                    autoComplete="off"
                    styles={{ input: { fontFamily: 'monospace' } }}
                    {...form.field(name)}
                  />
                ) : (
                  <PasswordInput
                    label={label}
                    description={description}
                    placeholder={placeholder}
                    autoComplete="new-password"
                    {...form.field(name)}
                  />
                )}
                {set && (
                  <Group gap="xs">
                    <Badge color="green" variant="dot" tt="none">
                      {t('adminIntegrations.stored')}
                    </Badge>
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      onClick={() => void removeSecret(name)}
                      loading={update.isPending}
                    >
                      {t('adminIntegrations.remove', { field: label })}
                    </Button>
                  </Group>
                )}
              </Stack>
            );
          })}
          {(['deposits', 'payouts'] as const).map((kind) => (
            <Switch
              key={kind}
              name={kind}
              defaultChecked={integration[kind]}
              disabled={!available[kind]}
              label={t(`adminIntegrations.providers.${provider}.${kind}`)}
              description={
                available[kind]
                  ? t(`adminIntegrations.providers.${provider}.${kind}Help`)
                  : t('adminIntegrations.notYet')
              }
              error={form.errors[kind]}
            />
          ))}
          <Group gap="sm">
            <Button {...form.submitProps}>{t('adminIntegrations.save')}</Button>
            <Button
              variant="default"
              onClick={() => test.mutate()}
              loading={test.isPending}
              data-testid={`integration-${provider}-test`}
            >
              {t('adminIntegrations.test')}
            </Button>
          </Group>
          {test.isError && (
            <Alert color="red" role="alert" variant="light">
              {isApiError(test.error) ? test.error.message : t('messages.generic')}
            </Alert>
          )}
          {test.data && <TestResult result={test.data} />}
        </Stack>
      </form>
    </Paper>
  );
}

/** /admin/integrations: the PIX PSP and the Deriv payment agent, one form each. */
export function IntegrationsScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const integrations = useIntegrations(locale);
  return (
    <Stack gap="lg">
      <Text>{t('adminIntegrations.intro')}</Text>
      {integrations.isPending ? (
        <LoadingStatus />
      ) : integrations.isError ? (
        <LoadFailure
          message={
            isApiError(integrations.error) ? integrations.error.message : t('messages.generic')
          }
          onRetry={() => void integrations.refetch()}
        />
      ) : (
        integrations.data.integrations.map((integration) => (
          <IntegrationCard key={integration.provider} integration={integration} />
        ))
      )}
    </Stack>
  );
}
