import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useSearchParams } from 'react-router';
import { totpSchema } from '@permuta/contracts/accounts';
import { fieldMessage } from '@permuta/contracts/validation';
import {
  RecoveryCodes,
  TotpQr,
  TotpSecret,
  TwoFactorForm,
  TwoFactorStatePanel,
} from '../../accounts/components/two-factor-parts.tsx';
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
import { isTwoFactorRequired, totpSecret } from '../two-factor.ts';

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
        <TwoFactorStatePanel
          query={profile}
          enabled={(data) => data.twoFactorEnabled}
          on={() => <DisableTwoFactor />}
          off={<EnableTwoFactor />}
        />
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

  if (setup) return <ConfirmTwoFactor setup={setup} onCancel={() => setSetup(null)} />;

  return (
    <TwoFactorForm
      fields={[{ name: 'password', kind: 'password', label: t('admin.security.password') }]}
      validate={passwordRequired(locale)}
      intro={t('admin.security.enableIntro')}
      submitLabel={t('admin.security.enable')}
      request={enable}
      onSubmit={(values, reset) =>
        enable.mutate(values.password, {
          onSuccess: (answer) => {
            reset();
            setSetup(answer);
          },
        })
      }
    />
  );
}

function ConfirmTwoFactor({ setup, onCancel }: { setup: TwoFactorSetup; onCancel: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const verify = useVerifyTwoFactor(locale);
  const secret = totpSecret(setup.totpUri);

  return (
    <Stack gap="md">
      <Text size="sm">{t('admin.security.scanIntro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="xs" align="flex-start">
          <TotpQr uri={setup.totpUri} alt={t('admin.security.qrAlt')} />
          {secret && <TotpSecret secret={secret} label={t('admin.security.secret')} />}
        </Stack>
        <Stack gap="xs" align="flex-start">
          <Text size="sm" fw={600}>
            {t('admin.security.recoveryTitle')}
          </Text>
          <Text size="sm">{t('admin.security.recoveryHelp')}</Text>
          <RecoveryCodes
            codes={setup.backupCodes}
            copyLabel={t('admin.security.copyCodes')}
            copiedLabel={t('admin.security.copied')}
          />
        </Stack>
      </SimpleGrid>
      <TwoFactorForm
        fields={[
          {
            name: 'code',
            kind: 'code',
            label: t('admin.security.code'),
            description: t('admin.security.codeHelp'),
            numeric: true,
          },
        ]}
        validate={zodValidate<{ code: string }>(totpSchema, locale)}
        submitLabel={t('admin.security.activate')}
        request={verify}
        onSubmit={(values) =>
          verify.mutate(values.code.trim(), {
            onSuccess: () => void toast.success(t('admin.security.enabled')),
          })
        }
      >
        <Button variant="subtle" onClick={onCancel}>
          {t('admin.common.cancel')}
        </Button>
      </TwoFactorForm>
    </Stack>
  );
}

function DisableTwoFactor() {
  const { t } = useTranslation();
  const locale = useLocale();
  const disable = useDisableTwoFactor(locale);
  return (
    <TwoFactorForm
      fields={[{ name: 'password', kind: 'password', label: t('admin.security.password') }]}
      validate={passwordRequired(locale)}
      intro={t('admin.security.onIntro')}
      submitLabel={t('admin.security.disable')}
      submitProps={{ color: 'red', variant: 'light' }}
      request={disable}
      onSubmit={(values, reset) =>
        disable.mutate(values.password, {
          onSuccess: () => {
            reset();
            void toast.success(t('admin.security.disabled'));
          },
        })
      }
    />
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
