import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Divider,
  Group,
  Image,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TwoFactorEnrolment } from '@permuta/contracts/two-factor';
import { fieldMessage } from '@permuta/contracts/validation';
import { PasswordField } from '../../../components/password-field.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import type { Locale } from '../../../lib/locale.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { groupSecret } from '../../admin-accounts/two-factor.ts';
import {
  useConfirmEnrolment,
  useDisableOwnTwoFactor,
  useOwnTwoFactor,
  useRegenerateCodes,
  useStartEnrolment,
} from '../api/two-factor.ts';

const required =
  <K extends string>(keys: K[], locale: Locale) =>
  (values: Record<K, string>) =>
    Object.fromEntries(
      keys
        .filter((key) => values[key].trim() === '')
        .map((key) => [
          key,
          fieldMessage(key === 'password' ? 'password.required' : 'totp.invalid', locale),
        ]),
    );

/**
 * The signed-in customer's two-factor (decision 061): turn it on (QR code and secret, then a
 * first code; the recovery codes are shown once), make new recovery codes, turn it off.
 */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const locale = useLocale();
  const state = useOwnTwoFactor(locale);
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);

  return (
    <Paper component="section" withBorder p="lg" aria-labelledby="two-factor-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} id="two-factor-title" size="h3">
            {t('accounts.twoFactor.title')}
          </Title>
          {state.data && (
            <Badge
              color={state.data.enabled ? 'green' : 'gray'}
              variant="light"
              data-testid="two-factor-status"
            >
              {state.data.enabled ? t('accounts.twoFactor.on') : t('accounts.twoFactor.off')}
            </Badge>
          )}
        </Group>
        <Text size="sm">{t('accounts.twoFactor.intro')}</Text>
        {state.isPending && (
          <Group gap="xs">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm">{t('common.loading')}</Text>
          </Group>
        )}
        {state.isError && (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{state.error.message}</Text>
              <Button size="xs" variant="light" onClick={() => void state.refetch()}>
                {t('common.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        {shownCodes ? (
          <RecoveryCodesShown codes={shownCodes} onDone={() => setShownCodes(null)} />
        ) : (
          state.data &&
          (state.data.enabled ? (
            <Stack gap="lg">
              <Text size="sm" data-testid="recovery-codes-left">
                {t('accounts.twoFactor.codesLeft', { count: state.data.recoveryCodesLeft })}
              </Text>
              <RegenerateCodes onCodes={setShownCodes} />
              <Divider />
              <DisableTwoFactor />
            </Stack>
          ) : (
            <EnableTwoFactor onCodes={setShownCodes} />
          ))
        )}
      </Stack>
    </Paper>
  );
}

function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  return (
    <Stack gap="xs" align="flex-start">
      <Alert color="orange" variant="light" title={t('accounts.twoFactor.codesTitle')} w="100%">
        {t('accounts.twoFactor.codesHelp')}
      </Alert>
      <Code block data-testid="recovery-codes" w="100%">
        {text}
      </Code>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" size="xs" onClick={copy} color={copied ? 'green' : undefined}>
              {copied ? t('accounts.twoFactor.copied') : t('accounts.twoFactor.copy')}
            </Button>
          )}
        </CopyButton>
        <Button size="xs" onClick={onDone}>
          {t('accounts.twoFactor.saved')}
        </Button>
      </Group>
    </Stack>
  );
}

function EnableTwoFactor({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const start = useStartEnrolment(locale);
  const [setup, setSetup] = useState<TwoFactorEnrolment | null>(null);
  const form = useForm<{ password: string }>({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: required(['password'], locale),
  });

  if (setup) {
    return <ConfirmEnrolment setup={setup} onCancel={() => setSetup(null)} onCodes={onCodes} />;
  }
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        start.mutate(values.password, {
          onSuccess: (answer) => {
            form.reset();
            setSetup(answer);
          },
        }),
      )}
    >
      <Stack gap="sm" maw={420}>
        {start.isError && (
          <Alert color="red" variant="light" role="alert">
            {start.error.message}
          </Alert>
        )}
        <PasswordField
          label={t('accounts.fields.password')}
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group>
          <Button type="submit" loading={start.isPending}>
            {t('accounts.twoFactor.enable')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ConfirmEnrolment({
  setup,
  onCancel,
  onCodes,
}: {
  setup: TwoFactorEnrolment;
  onCancel: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const confirm = useConfirmEnrolment(locale);
  const [qr, setQr] = useState<string | null>(null);
  const form = useForm<{ code: string }>({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: required(['code'], locale),
  });

  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((module) => module.default.toDataURL(setup.totpUri, { margin: 2, width: 220 }))
      .then((url) => {
        if (live) setQr(url);
      });
    return () => {
      live = false;
    };
  }, [setup.totpUri]);

  return (
    <Stack gap="md">
      <Text size="sm">{t('accounts.twoFactor.scan')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="xs" align="flex-start">
          {qr ? (
            <Image
              src={qr}
              alt={t('accounts.twoFactor.qrAlt')}
              w={220}
              h={220}
              radius="sm"
              data-testid="totp-qr"
            />
          ) : (
            <Loader role="status" aria-label={t('common.loading')} />
          )}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('accounts.twoFactor.secret')}
          </Text>
          <Code data-testid="totp-secret" data-secret={setup.secret}>
            {groupSecret(setup.secret)}
          </Code>
        </Stack>
      </SimpleGrid>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          confirm.mutate(values.code.trim(), {
            onSuccess: (answer) => {
              void toast.success(t('accounts.twoFactor.enabled'));
              onCodes(answer.recoveryCodes);
            },
          }),
        )}
      >
        <Stack gap="sm" maw={420}>
          {confirm.isError && (
            <Alert color="red" variant="light" role="alert">
              {confirm.error.message}
            </Alert>
          )}
          <TextInput
            label={t('accounts.twoFactor.code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            key={form.key('code')}
            {...form.getInputProps('code')}
          />
          <Group>
            <Button type="submit" loading={confirm.isPending}>
              {t('accounts.twoFactor.activate')}
            </Button>
            <Button variant="subtle" onClick={onCancel}>
              {t('accounts.twoFactor.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function RegenerateCodes({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const regenerate = useRegenerateCodes(locale);
  const form = useForm<{ code: string }>({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: required(['code'], locale),
  });
  return (
    <form
      noValidate
      aria-label={t('accounts.twoFactor.regenerate')}
      onSubmit={form.onSubmit((values) =>
        regenerate.mutate(values.code.trim(), {
          onSuccess: (answer) => {
            form.reset();
            onCodes(answer.recoveryCodes);
          },
        }),
      )}
    >
      <Stack gap="sm" maw={420}>
        <Text size="sm">{t('accounts.twoFactor.regenerateHelp')}</Text>
        {regenerate.isError && (
          <Alert color="red" variant="light" role="alert">
            {regenerate.error.message}
          </Alert>
        )}
        <TextInput
          label={t('accounts.twoFactor.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <Group>
          <Button type="submit" variant="light" loading={regenerate.isPending}>
            {t('accounts.twoFactor.regenerate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DisableTwoFactor() {
  const { t } = useTranslation();
  const locale = useLocale();
  const disable = useDisableOwnTwoFactor(locale);
  const form = useForm<{ password: string; code: string }>({
    mode: 'uncontrolled',
    initialValues: { password: '', code: '' },
    validate: required(['password', 'code'], locale),
  });
  return (
    <form
      noValidate
      aria-label={t('accounts.twoFactor.disable')}
      onSubmit={form.onSubmit((values) =>
        disable.mutate(
          { password: values.password, code: values.code.trim() },
          {
            onSuccess: () => {
              form.reset();
              void toast.success(t('accounts.twoFactor.disabled'));
            },
          },
        ),
      )}
    >
      <Stack gap="sm" maw={420}>
        <Text size="sm">{t('accounts.twoFactor.disableHelp')}</Text>
        {disable.isError && (
          <Alert color="red" variant="light" role="alert">
            {disable.error.message}
          </Alert>
        )}
        <PasswordField
          label={t('accounts.fields.password')}
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <TextInput
          label={t('accounts.twoFactor.codeOrRecovery')}
          autoComplete="one-time-code"
          required
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <Group>
          <Button type="submit" color="red" variant="light" loading={disable.isPending}>
            {t('accounts.twoFactor.disable')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
