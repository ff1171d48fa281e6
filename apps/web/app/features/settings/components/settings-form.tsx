import './styles.ts';
import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { PIX_KEY_TYPES } from '@permuta/contracts/wallets';
import { MAX_FIRST_ORDERS_HELD, MAX_OPEN_ORDERS } from '@permuta/contracts/settings';
import type { SettingsView } from '@permuta/contracts/settings';
import { MAX_SETTING_BUSINESS_DAYS } from '@permuta/contracts/settings';
import { TitledSection } from '../../../components/titled-section.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatPhone } from '../../../lib/format.ts';
import type { Locale } from '../../../lib/locale.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useTokenChoices } from '../api/get-token-choices.ts';
import { useUpdateSettings } from '../api/update-settings.ts';
import { formValuesOf, parseSettingsForm, settingsChange } from '../form.ts';
import type { SettingsFormValues } from '../form.ts';
import { LeaveWithoutSaving, useUnsavedChanges } from './unsaved-changes.tsx';

/** Weekday names of the page's language, Monday (1) to Sunday (7). */
export function weekdayNames(locale: Locale): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  // 1 January 2024 was a Monday
  return [1, 2, 3, 4, 5, 6, 7].map((day) => {
    const name = format.format(new Date(Date.UTC(2024, 0, day)));
    return name.charAt(0).toUpperCase() + name.slice(1);
  });
}

/** The IANA time zones the browser knows, with `current` kept even when it is not listed. */
function timeZones(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) || !current ? known : [current, ...known];
}

/** After a refused save: the first field with an error gets the focus (and scrolls into view). */
function focusFirstError() {
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>('form[data-settings-form] [aria-invalid="true"]')?.focus(),
  );
}

function initialValues(stored: SettingsView, locale: Locale): SettingsFormValues {
  const values = formValuesOf(stored, locale);
  return { ...values, supportPhone: values.supportPhone && formatPhone(values.supportPhone) };
}

/**
 * Every setting in sections, checked with the shared rules before saving (errors on their
 * field); a save sends only what changed. Turning automatic payouts on asks first; leaving with
 * unsaved changes asks too.
 */
export function SettingsForm({ stored }: { stored: SettingsView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const save = useUpdateSettings(locale);
  const tokens = useTokenChoices(locale);
  const [checkForm, setCheckForm] = useState(false);
  const [confirmPayouts, setConfirmPayouts] = useState(false);
  const form = useForm<SettingsFormValues>({
    mode: 'controlled',
    initialValues: initialValues(stored, locale),
    validate: (values) => {
      const parsed = parseSettingsForm(values, locale);
      return parsed.ok ? {} : parsed.errors;
    },
  });
  const dirty = form.isDirty();
  const blocker = useUnsavedChanges(dirty && !save.isPending);
  const zones = useMemo(() => timeZones(stored.operatingHours.timeZone), [stored]);
  const weekdays = useMemo(() => weekdayNames(locale), [locale]);

  const tokenOptions = (tokens.data?.tokens ?? []).map((token) => ({
    value: token.code,
    label: `${token.code} · ${token.name}`,
  }));
  for (const code of [stored.defaultSendToken, stored.defaultReceiveToken]) {
    if (code && !tokenOptions.some((option) => option.value === code)) {
      tokenOptions.push({ value: code, label: code });
    }
  }
  const pixKeyTypes = PIX_KEY_TYPES.map((type) => ({
    value: type,
    label: t(`adminSettings.pixKeyTypes.${type}`),
  }));
  const generalError =
    save.error && isApiError(save.error) && Object.keys(save.error.fields).length === 0
      ? save.error.message
      : save.error && !isApiError(save.error)
        ? t('messages.generic')
        : null;
  const showCheckForm = checkForm && Object.keys(form.errors).length > 0;

  const submit = form.onSubmit(
    (values) => {
      setCheckForm(false);
      const parsed = parseSettingsForm(values, locale);
      if (!parsed.ok) return;
      const change = settingsChange(stored, parsed.values);
      if (Object.keys(change).length === 0) {
        form.resetDirty();
        return;
      }
      save.mutate(change, {
        onSuccess: (saved) => {
          const next = initialValues(saved.settings, locale);
          form.setInitialValues(next);
          form.setValues(next);
          form.resetDirty(next);
          void toast.success(saved.message);
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fields).length > 0) {
            form.setErrors({ ...error.fields });
            setCheckForm(true);
            focusFirstError();
          }
        },
      });
    },
    () => {
      setCheckForm(true);
      focusFirstError();
    },
  );

  const text = (name: keyof SettingsFormValues, extra: object = {}) => ({
    label: t(`adminSettings.fields.${name}`),
    ...form.getInputProps(name),
    ...extra,
  });
  const amount = (name: keyof SettingsFormValues, help?: string) =>
    text(name, { inputMode: 'decimal' as const, ...(help ? { description: help } : {}) });
  const whole = (name: keyof SettingsFormValues, help: string, max: number, min = 1) => (
    <NumberInput
      label={t(`adminSettings.fields.${name}`)}
      description={help}
      allowDecimal={false}
      allowNegative={false}
      min={min}
      max={max}
      {...form.getInputProps(name)}
    />
  );

  return (
    <form
      data-settings-form
      noValidate
      onSubmit={submit}
      aria-label={t('pages.adminGeneralSettings.title')}
    >
      <Stack gap="lg">
        {showCheckForm && (
          <Alert color="red" variant="light" role="alert" data-testid="settings-check-form">
            {t('messages.checkForm')}
          </Alert>
        )}
        {generalError && (
          <Alert color="red" variant="light" role="alert">
            {generalError}
          </Alert>
        )}

        <TitledSection id="settings-contact" title={t('adminSettings.sections.contact')}>
          <Text size="sm" c="dimmed">
            {t('adminSettings.sections.contactHelp')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput type="email" autoComplete="off" {...text('supportEmail')} />
            <TextInput
              type="tel"
              description={t('adminSettings.fields.supportPhoneHelp')}
              {...text('supportPhone')}
            />
            {(['instagramUrl', 'telegramUrl', 'youtubeUrl', 'youtubeTutorialUrl'] as const).map(
              (name) => (
                <TextInput
                  key={name}
                  type="url"
                  placeholder="https://"
                  description={t('adminSettings.fields.linkHelp')}
                  {...text(name)}
                />
              ),
            )}
          </SimpleGrid>
        </TitledSection>

        <TitledSection id="settings-payments" title={t('adminSettings.sections.payments')}>
          <Text size="sm" c="dimmed">
            {t('adminSettings.sections.paymentsHelp')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Select data={pixKeyTypes} clearable allowDeselect={false} {...text('pixKeyType')} />
            <TextInput autoComplete="off" {...text('pixKey')} />
            <TextInput
              description={t('adminSettings.fields.pixMerchantNameHelp')}
              {...text('pixMerchantName')}
            />
            <TextInput
              description={t('adminSettings.fields.pixMerchantCityHelp')}
              {...text('pixMerchantCity')}
            />
            <TextInput
              description={t('adminSettings.fields.derivAccountHelp')}
              autoComplete="off"
              {...text('derivAccount')}
            />
            <TextInput {...amount('boletoFee', t('adminSettings.fields.boletoFeeHelp'))} />
            {whole(
              'boletoIssueBusinessDays',
              t('adminSettings.fields.boletoIssueBusinessDaysHelp'),
              MAX_SETTING_BUSINESS_DAYS,
            )}
            {whole(
              'boletoDueBusinessDays',
              t('adminSettings.fields.boletoDueBusinessDaysHelp'),
              MAX_SETTING_BUSINESS_DAYS,
            )}
          </SimpleGrid>
          <Fieldset legend={t('adminSettings.sections.bankAccount')} variant="filled">
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('adminSettings.sections.bankAccountHelp')}
              </Text>
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {(['bank', 'branch', 'account', 'holder', 'document'] as const).map((name) => (
                  <TextInput
                    key={name}
                    label={t(`adminSettings.fields.${name}`)}
                    autoComplete="off"
                    {...form.getInputProps(`bankAccount.${name}`)}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          </Fieldset>
        </TitledSection>

        <TitledSection id="settings-limits" title={t('adminSettings.sections.limits')}>
          <Text size="sm" c="dimmed">
            {t('adminSettings.sections.limitsHelp')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput {...amount('pixMinReceive')} />
            <TextInput {...amount('pixMaxReceive')} />
            <TextInput {...amount('derivMinReceive')} />
            <TextInput {...amount('derivMaxReceive')} />
            <TextInput
              {...amount(
                'whatsappThresholdBrl',
                t('adminSettings.fields.whatsappThresholdBrlHelp'),
              )}
            />
          </SimpleGrid>
        </TitledSection>

        {/* --- per-customer order limits --- */}
        <TitledSection
          id="settings-customer-limits"
          title={t('adminSettings.sections.customerLimits')}
        >
          <Text size="sm" c="dimmed">
            {t('adminSettings.sections.customerLimitsHelp')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {whole(
              'customerMaxOpenOrders',
              t('adminSettings.fields.customerMaxOpenOrdersHelp'),
              MAX_OPEN_ORDERS,
            )}
            <TextInput
              {...amount('customerMaxOrderBrl', t('adminSettings.fields.customerMaxOrderBrlHelp'))}
            />
            <TextInput
              {...amount('customerMaxDailyBrl', t('adminSettings.fields.customerMaxDailyBrlHelp'))}
            />
          </SimpleGrid>
        </TitledSection>
        {/* --- end of per-customer order limits --- */}

        {/* --- limits per KYC level (decision 062) --- */}
        <TitledSection id="settings-tier-limits" title={t('adminSettings.sections.tierLimits')}>
          <Text size="sm" c="dimmed">
            {t('adminSettings.sections.tierLimitsHelp')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput {...amount('tier1DailyBrl')} />
            <TextInput {...amount('tier1MonthlyBrl')} />
            <TextInput {...amount('tier2DailyBrl')} />
            <TextInput {...amount('tier2MonthlyBrl')} />
            <TextInput {...amount('tier3DailyBrl')} />
            <TextInput {...amount('tier3MonthlyBrl')} />
          </SimpleGrid>
        </TitledSection>
        {/* --- end of limits per KYC level --- */}

        {/* --- risk limits of automatic payouts (decision 043) --- */}
        <TitledSection id="settings-payout-risk" title={t('adminSettings.sections.payoutRisk')}>
          <Text size="sm" c="dimmed">
            {t('adminSettings.sections.payoutRiskHelp')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <TextInput
              {...amount(
                'autoPayoutMaxOrderBrl',
                t('adminSettings.fields.autoPayoutMaxOrderBrlHelp'),
              )}
            />
            <TextInput
              {...amount(
                'autoPayoutMaxCustomerDayBrl',
                t('adminSettings.fields.autoPayoutMaxCustomerDayBrlHelp'),
              )}
            />
            <TextInput
              {...amount(
                'payoutSecondApprovalAboveBrl',
                t('adminSettings.fields.payoutSecondApprovalAboveBrlHelp'),
              )}
            />
            {whole(
              'payoutFirstOrdersHeld',
              t('adminSettings.fields.payoutFirstOrdersHeldHelp'),
              MAX_FIRST_ORDERS_HELD,
              0,
            )}
            {whole(
              'payoutNewWalletHoldHours',
              t('adminSettings.fields.payoutNewWalletHoldHoursHelp'),
              720,
              0,
            )}
          </SimpleGrid>
        </TitledSection>
        {/* --- end of risk limits of automatic payouts --- */}

        {/* --- the anti-money-laundering rules' thresholds (decision 066) --- */}
        <TitledSection id="settings-compliance" title={t('adminSettings.sections.compliance')}>
          <Text size="sm" c="dimmed">
            {t('adminSettings.sections.complianceHelp')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {whole(
              'complianceStructuringOrders',
              t('adminSettings.fields.complianceStructuringOrdersHelp'),
              50,
              2,
            )}
            {whole(
              'complianceStructuringMarginPercent',
              t('adminSettings.fields.complianceStructuringMarginPercentHelp'),
              50,
            )}
            {whole('complianceWindowDays', t('adminSettings.fields.complianceWindowDaysHelp'), 90)}
            {whole(
              'complianceVolumeMultiple',
              t('adminSettings.fields.complianceVolumeMultipleHelp'),
              100,
              2,
            )}
            <TextInput
              {...amount(
                'complianceVolumeMinBrl',
                t('adminSettings.fields.complianceVolumeMinBrlHelp'),
              )}
            />
            <TextInput
              {...amount(
                'complianceFirstMonthBrl',
                t('adminSettings.fields.complianceFirstMonthBrlHelp'),
              )}
            />
            {whole(
              'complianceNewWallets',
              t('adminSettings.fields.complianceNewWalletsHelp'),
              50,
              2,
            )}
          </SimpleGrid>
        </TitledSection>
        {/* --- end of the anti-money-laundering rules' thresholds --- */}

        <TitledSection id="settings-timings" title={t('adminSettings.sections.timings')}>
          <Text size="sm" c="dimmed">
            {t('adminSettings.sections.timingsHelp')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {whole('quoteLockMinutes', t('adminSettings.fields.quoteLockMinutesHelp'), 10_080)}
            {whole(
              'pendingExpiryMinutes',
              t('adminSettings.fields.pendingExpiryMinutesHelp'),
              10_080,
            )}
            {whole('priceStaleMinutes', t('adminSettings.fields.priceStaleMinutesHelp'), 10_080)}
            {whole('autoCompleteHours', t('adminSettings.fields.autoCompleteHoursHelp'), 720)}
          </SimpleGrid>
        </TitledSection>

        <TitledSection id="settings-price-guards" title={t('adminSettings.sections.priceGuards')}>
          <Text size="sm" c="dimmed">
            {t('adminSettings.sections.priceGuardsHelp')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {whole(
              'manualPriceConfirmPercent',
              t('adminSettings.fields.manualPriceConfirmPercentHelp'),
              1000,
            )}
            {whole(
              'feedPriceHoldPercent',
              t('adminSettings.fields.feedPriceHoldPercentHelp'),
              1000,
            )}
          </SimpleGrid>
        </TitledSection>

        <TitledSection id="settings-hours" title={t('adminSettings.sections.hours')}>
          <Text size="sm" c="dimmed">
            {t('adminSettings.sections.hoursHelp')}
          </Text>
          <Checkbox.Group
            label={t('adminSettings.fields.days')}
            {...form.getInputProps('operatingHours.days')}
          >
            <Group gap="md" mt="xs">
              {weekdays.map((name, index) => (
                <Checkbox key={name} value={String(index + 1)} label={name} />
              ))}
            </Group>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <TextInput
              label={t('adminSettings.fields.open')}
              placeholder="HH:MM"
              maxLength={5}
              autoComplete="off"
              {...form.getInputProps('operatingHours.open')}
            />
            <TextInput
              label={t('adminSettings.fields.close')}
              placeholder="HH:MM"
              maxLength={5}
              autoComplete="off"
              {...form.getInputProps('operatingHours.close')}
            />
            <Select
              label={t('adminSettings.fields.timeZone')}
              data={zones}
              searchable
              allowDeselect={false}
              limit={50}
              {...form.getInputProps('operatingHours.timeZone')}
            />
          </SimpleGrid>
        </TitledSection>

        <TitledSection id="settings-exchange" title={t('adminSettings.sections.exchange')}>
          <Text size="sm" c="dimmed">
            {t('adminSettings.sections.exchangeHelp')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {(['defaultSendToken', 'defaultReceiveToken'] as const).map((name) => (
              <Select
                key={name}
                data={tokenOptions}
                searchable
                clearable
                placeholder={t('adminSettings.noToken')}
                description={t('adminSettings.fields.defaultTokenHelp')}
                {...text(name)}
              />
            ))}
          </SimpleGrid>
          <Switch
            label={t('adminSettings.fields.documentsRequired')}
            description={t('adminSettings.fields.documentsRequiredHelp')}
            {...form.getInputProps('documentsRequired', { type: 'checkbox' })}
          />
        </TitledSection>

        <TitledSection id="settings-security" title={t('adminSettings.sections.security')}>
          <Switch
            label={t('adminSettings.fields.twoFactorRequired')}
            description={t('adminSettings.fields.twoFactorRequiredHelp')}
            {...form.getInputProps('twoFactorRequired', { type: 'checkbox' })}
          />
          <TextInput
            {...amount(
              'twoFactorOrderAboveBrl',
              t('adminSettings.fields.twoFactorOrderAboveBrlHelp'),
            )}
          />
        </TitledSection>

        <TitledSection id="settings-payouts" title={t('adminSettings.sections.payouts')}>
          <Alert color="orange" variant="light" data-testid="payouts-warning">
            {t('adminSettings.payouts.warning')}
          </Alert>
          {!stored.exchangeConfigured && (
            <Alert color="yellow" variant="light">
              {t('adminSettings.payouts.exchangeMissing')}
            </Alert>
          )}
          <Group gap="sm">
            <Switch
              label={t('adminSettings.fields.autoCryptoPayouts')}
              checked={form.values.autoCryptoPayouts}
              error={form.errors.autoCryptoPayouts}
              onChange={(event) => {
                if (event.currentTarget.checked) setConfirmPayouts(true);
                else form.setFieldValue('autoCryptoPayouts', false);
              }}
            />
            <Badge color={form.values.autoCryptoPayouts ? 'orange' : 'gray'} variant="light">
              {form.values.autoCryptoPayouts
                ? t('adminSettings.payouts.on')
                : t('adminSettings.payouts.off')}
            </Badge>
          </Group>
          <Switch
            label={t('adminSettings.fields.autoCryptoDeposits')}
            description={t('adminSettings.fields.autoCryptoDepositsHelp')}
            {...form.getInputProps('autoCryptoDeposits', { type: 'checkbox' })}
          />
        </TitledSection>

        <Paper
          withBorder
          p="md"
          pos="sticky"
          bottom={0}
          style={{ zIndex: 2 }}
          data-testid="settings-save-bar"
        >
          <Group justify="space-between">
            <Text size="sm" role="status" fw={dirty ? 600 : undefined}>
              {dirty ? t('adminSettings.unsaved') : t('adminSettings.noChanges')}
            </Text>
            <Group gap="sm">
              <Button
                variant="default"
                disabled={!dirty || save.isPending}
                onClick={() => {
                  form.reset();
                  setCheckForm(false);
                }}
              >
                {t('adminSettings.discard')}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!dirty}>
                {t('adminSettings.save')}
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>

      <Modal
        opened={confirmPayouts}
        onClose={() => setConfirmPayouts(false)}
        title={t('adminSettings.payouts.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('admin.common.close') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('adminSettings.payouts.confirmBody')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmPayouts(false)} data-autofocus>
              {t('adminSettings.payouts.keepOff')}
            </Button>
            <Button
              color="orange"
              onClick={() => {
                form.setFieldValue('autoCryptoPayouts', true);
                setConfirmPayouts(false);
              }}
            >
              {t('adminSettings.payouts.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <LeaveWithoutSaving blocker={blocker} />
    </form>
  );
}
