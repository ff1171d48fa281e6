import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { TwoFactorEnrolment } from '@permuta/contracts/two-factor';
import { fieldMessage } from '@permuta/contracts/validation';
import { useTranslation } from '../../../i18n/react.tsx';
import type { Locale } from '../../../lib/locale.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import {
  useConfirmEnrolment,
  useDisableOwnTwoFactor,
  useOwnTwoFactor,
  useRegenerateCodes,
  useStartEnrolment,
} from '../api/two-factor.ts';
import {
  RecoveryCodes,
  TotpQr,
  TotpSecret,
  TwoFactorForm,
  TwoFactorStatePanel,
  type TwoFactorField,
} from './two-factor-parts.tsx';

/** A six-digit code of the app (numeric keyboard). */
const codeField = (label: string) =>
  ({ name: 'code', kind: 'code', label, numeric: true }) satisfies TwoFactorField<'code'>;

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
        <TwoFactorStatePanel
          query={state}
          enabled={(data) => data.enabled}
          on={(data) => (
            <Stack gap="lg">
              <Text size="sm" data-testid="recovery-codes-left">
                {t('accounts.twoFactor.codesLeft', { count: data.recoveryCodesLeft })}
              </Text>
              <RegenerateCodes onCodes={setShownCodes} />
              <Divider />
              <DisableTwoFactor />
            </Stack>
          )}
          off={<EnableTwoFactor onCodes={setShownCodes} />}
          instead={
            shownCodes && (
              <RecoveryCodesShown codes={shownCodes} onDone={() => setShownCodes(null)} />
            )
          }
        />
      </Stack>
    </Paper>
  );
}

function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" align="flex-start">
      <Alert color="orange" variant="light" title={t('accounts.twoFactor.codesTitle')} w="100%">
        {t('accounts.twoFactor.codesHelp')}
      </Alert>
      <RecoveryCodes
        codes={codes}
        copyLabel={t('accounts.twoFactor.copy')}
        copiedLabel={t('accounts.twoFactor.copied')}
      >
        <Button size="xs" onClick={onDone}>
          {t('accounts.twoFactor.saved')}
        </Button>
      </RecoveryCodes>
    </Stack>
  );
}

function EnableTwoFactor({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const start = useStartEnrolment(locale);
  const [setup, setSetup] = useState<TwoFactorEnrolment | null>(null);

  if (setup) {
    return <ConfirmEnrolment setup={setup} onCancel={() => setSetup(null)} onCodes={onCodes} />;
  }
  return (
    <TwoFactorForm
      fields={[{ name: 'password', kind: 'password', label: t('accounts.fields.password') }]}
      validate={required(['password'], locale)}
      submitLabel={t('accounts.twoFactor.enable')}
      request={start}
      onSubmit={(values, reset) =>
        start.mutate(values.password, {
          onSuccess: (answer) => {
            reset();
            setSetup(answer);
          },
        })
      }
    />
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

  return (
    <Stack gap="md">
      <Text size="sm">{t('accounts.twoFactor.scan')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="xs" align="flex-start">
          <TotpQr uri={setup.totpUri} alt={t('accounts.twoFactor.qrAlt')} />
        </Stack>
        <TotpSecret secret={setup.secret} label={t('accounts.twoFactor.secret')} />
      </SimpleGrid>
      <TwoFactorForm
        fields={[codeField(t('accounts.twoFactor.code'))]}
        validate={required(['code'], locale)}
        submitLabel={t('accounts.twoFactor.activate')}
        request={confirm}
        onSubmit={(values) =>
          confirm.mutate(values.code.trim(), {
            onSuccess: (answer) => {
              void toast.success(t('accounts.twoFactor.enabled'));
              onCodes(answer.recoveryCodes);
            },
          })
        }
      >
        <Button variant="subtle" onClick={onCancel}>
          {t('accounts.twoFactor.cancel')}
        </Button>
      </TwoFactorForm>
    </Stack>
  );
}

function RegenerateCodes({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const regenerate = useRegenerateCodes(locale);
  return (
    <TwoFactorForm
      fields={[codeField(t('accounts.twoFactor.code'))]}
      validate={required(['code'], locale)}
      intro={t('accounts.twoFactor.regenerateHelp')}
      ariaLabel={t('accounts.twoFactor.regenerate')}
      submitLabel={t('accounts.twoFactor.regenerate')}
      submitProps={{ variant: 'light' }}
      request={regenerate}
      onSubmit={(values, reset) =>
        regenerate.mutate(values.code.trim(), {
          onSuccess: (answer) => {
            reset();
            onCodes(answer.recoveryCodes);
          },
        })
      }
    />
  );
}

function DisableTwoFactor() {
  const { t } = useTranslation();
  const locale = useLocale();
  const disable = useDisableOwnTwoFactor(locale);
  return (
    <TwoFactorForm
      fields={[
        { name: 'password', kind: 'password', label: t('accounts.fields.password') },
        { name: 'code', kind: 'code', label: t('accounts.twoFactor.codeOrRecovery') },
      ]}
      validate={required(['password', 'code'], locale)}
      intro={t('accounts.twoFactor.disableHelp')}
      ariaLabel={t('accounts.twoFactor.disable')}
      submitLabel={t('accounts.twoFactor.disable')}
      submitProps={{ color: 'red', variant: 'light' }}
      request={disable}
      onSubmit={(values, reset) =>
        disable.mutate(
          { password: values.password, code: values.code.trim() },
          {
            onSuccess: () => {
              reset();
              void toast.success(t('accounts.twoFactor.disabled'));
            },
          },
        )
      }
    />
  );
}
