import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/InlineInput.css';
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
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSearchParams } from 'react-router';
import { totpSchema } from '@permuta/contracts/accounts';
import { fieldMessage } from '@permuta/contracts/validation';
import { PasswordField } from '../../../components/password-field.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import type { Locale } from '../../../lib/locale.ts';
import { useAdminCan } from '../../../lib/admin-access.tsx';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { useEnableTwoFactor, type TwoFactorSetup } from '../api/enable-two-factor.ts';
import { useAdminProfile } from '../api/get-admin-profile.ts';
import { useSecurity } from '../api/get-security.ts';
import { useUpdateSecurity } from '../api/update-security.ts';
import { useVerifyTwoFactor } from '../api/verify-two-factor.ts';
import { zodValidate } from '../form-errors.ts';
import { groupSecret, isTwoFactorRequired, totpSecret } from '../two-factor.ts';

const passwordRequired = (locale: Locale) => (values: { password: string }) =>
  values.password === '' ? { password: fieldMessage('password.required', locale) } : {};

/**
 * The signed-in admin's security: turn two-factor on (QR code, secret, recovery codes, then a
 * first code) or off, and the setting that makes it mandatory for every admin.
 */
export function SecuritySection() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const profile = useAdminProfile(locale);
  const security = useSecurity(locale);
  const mustEnrol =
    profile.data?.twoFactorEnabled === false &&
    (params.get('twoFactor') === 'required' || isTwoFactorRequired(security.error));

  return (
    <Paper component="section" id="security" withBorder p="lg" aria-labelledby="security-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} id="security-title" size="h3">
            {t('admin.security.title')}
          </Title>
          {profile.data && (
            <Badge color={profile.data.twoFactorEnabled ? 'green' : 'gray'} variant="light">
              {profile.data.twoFactorEnabled
                ? t('admin.security.statusOn')
                : t('admin.security.statusOff')}
            </Badge>
          )}
        </Group>
        {mustEnrol && (
          <Alert
            color="orange"
            variant="light"
            role="alert"
            title={t('admin.security.requiredTitle')}
          >
            {t('admin.security.requiredBody')}
          </Alert>
        )}
        {profile.isPending && (
          <Group gap="xs">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm">{t('common.loading')}</Text>
          </Group>
        )}
        {profile.isError && (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{profile.error.message}</Text>
              <Button size="xs" variant="light" onClick={() => void profile.refetch()}>
                {t('common.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        {profile.data &&
          (profile.data.twoFactorEnabled ? <DisableTwoFactor /> : <EnableTwoFactor />)}
        <Divider />
        <MandatorySetting ownTwoFactor={profile.data?.twoFactorEnabled ?? false} />
      </Stack>
    </Paper>
  );
}

function EnableTwoFactor() {
  const { t } = useTranslation();
  const locale = useLocale();
  const enable = useEnableTwoFactor(locale);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const form = useForm<{ password: string }>({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: passwordRequired(locale),
  });

  if (setup) return <ConfirmTwoFactor setup={setup} onCancel={() => setSetup(null)} />;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        enable.mutate(values.password, {
          onSuccess: (answer) => {
            form.reset();
            setSetup(answer);
          },
        }),
      )}
    >
      <Stack gap="sm" maw={420}>
        <Text size="sm">{t('admin.security.enableIntro')}</Text>
        {enable.isError && (
          <Alert color="red" variant="light" role="alert">
            {enable.error.message}
          </Alert>
        )}
        <PasswordField
          label={t('admin.security.password')}
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group>
          <Button type="submit" loading={enable.isPending}>
            {t('admin.security.enable')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ConfirmTwoFactor({ setup, onCancel }: { setup: TwoFactorSetup; onCancel: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const verify = useVerifyTwoFactor(locale);
  const [qr, setQr] = useState<string | null>(null);
  const secret = totpSecret(setup.totpUri);
  const codes = setup.backupCodes.join('\n');
  const form = useForm<{ code: string }>({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: zodValidate<{ code: string }>(totpSchema, locale),
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
      <Text size="sm">{t('admin.security.scanIntro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="xs" align="flex-start">
          {qr ? (
            <Image
              src={qr}
              alt={t('admin.security.qrAlt')}
              w={220}
              h={220}
              radius="sm"
              data-testid="totp-qr"
            />
          ) : (
            <Loader role="status" aria-label={t('common.loading')} />
          )}
          {secret && (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t('admin.security.secret')}
              </Text>
              <Code data-testid="totp-secret" data-secret={secret}>
                {groupSecret(secret)}
              </Code>
            </Stack>
          )}
        </Stack>
        <Stack gap="xs" align="flex-start">
          <Text size="sm" fw={600}>
            {t('admin.security.recoveryTitle')}
          </Text>
          <Text size="sm">{t('admin.security.recoveryHelp')}</Text>
          <Code block data-testid="recovery-codes" w="100%">
            {codes}
          </Code>
          <CopyButton value={codes}>
            {({ copied, copy }) => (
              <Button variant="light" size="xs" onClick={copy} color={copied ? 'green' : undefined}>
                {copied ? t('admin.security.copied') : t('admin.security.copyCodes')}
              </Button>
            )}
          </CopyButton>
        </Stack>
      </SimpleGrid>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          verify.mutate(values.code.trim(), {
            onSuccess: () => void toast.success(t('admin.security.enabled')),
          }),
        )}
      >
        <Stack gap="sm" maw={420}>
          {verify.isError && (
            <Alert color="red" variant="light" role="alert">
              {verify.error.message}
            </Alert>
          )}
          <TextInput
            label={t('admin.security.code')}
            description={t('admin.security.codeHelp')}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            key={form.key('code')}
            {...form.getInputProps('code')}
          />
          <Group>
            <Button type="submit" loading={verify.isPending}>
              {t('admin.security.activate')}
            </Button>
            <Button variant="subtle" onClick={onCancel}>
              {t('admin.common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function DisableTwoFactor() {
  const { t } = useTranslation();
  const locale = useLocale();
  const disable = useDisableTwoFactor(locale);
  const form = useForm<{ password: string }>({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: passwordRequired(locale),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        disable.mutate(values.password, {
          onSuccess: () => {
            form.reset();
            void toast.success(t('admin.security.disabled'));
          },
        }),
      )}
    >
      <Stack gap="sm" maw={420}>
        <Text size="sm">{t('admin.security.onIntro')}</Text>
        {disable.isError && (
          <Alert color="red" variant="light" role="alert">
            {disable.error.message}
          </Alert>
        )}
        <PasswordField
          label={t('admin.security.password')}
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group>
          <Button type="submit" color="red" variant="light" loading={disable.isPending}>
            {t('admin.security.disable')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MandatorySetting({ ownTwoFactor }: { ownTwoFactor: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const security = useSecurity(locale);
  const update = useUpdateSecurity(locale);
  const isOwner = useAdminCan('owner');

  if (security.isPending) {
    return (
      <Group gap="xs">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">{t('common.loading')}</Text>
      </Group>
    );
  }
  if (security.isError) {
    return (
      <Text size="sm" c="dimmed">
        {isTwoFactorRequired(security.error)
          ? t('admin.security.mandatoryLocked')
          : security.error.message}
      </Text>
    );
  }
  const required = security.data.twoFactorRequired;
  if (!isOwner) {
    // the rule is a setting: every admin reads it, only an owner changes it
    return (
      <Stack gap={4} data-testid="two-factor-rule">
        <Text size="sm">
          {required ? t('admin.security.mandatoryStateOn') : t('admin.security.mandatoryStateOff')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('admin.security.mandatoryOwnerOnly')}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Switch
        label={t('admin.security.mandatory')}
        description={
          !required && !ownTwoFactor
            ? t('admin.security.mandatoryNeedsOwn')
            : t('admin.security.mandatoryHelp')
        }
        checked={required}
        disabled={update.isPending || (!required && !ownTwoFactor)}
        onChange={(event) =>
          update.mutate(
            { twoFactorRequired: event.currentTarget.checked },
            {
              onSuccess: (settings) =>
                void toast.success(
                  settings.twoFactorRequired
                    ? t('admin.security.mandatoryOn')
                    : t('admin.security.mandatoryOff'),
                ),
              onError: (error) => void toast.error(error.message),
            },
          )
        }
      />
    </Stack>
  );
}
