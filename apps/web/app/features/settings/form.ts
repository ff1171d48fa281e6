import { fieldMessage } from '@permuta/contracts/validation';
import { SETTINGS_KEYS, settingsSchema } from '@permuta/contracts/settings';
import type {
  PixKeyType,
  SettingsInput,
  SettingsKey,
  SettingsUpdateInput,
  SettingsValues,
  SettingsView,
} from '@permuta/contracts';
import { parseAmount } from '../../lib/amount.ts';
import type { Locale } from '../../lib/locale.ts';

/**
 * The general settings form: what the inputs hold (texts as typed, amounts in the page's
 * style, weekdays as checkbox values) and the way to and from the shared schema, which
 * validates the form exactly as the API validates the change.
 */
export interface SettingsFormValues {
  defaultSendToken: string | null;
  defaultReceiveToken: string | null;
  instagramUrl: string;
  telegramUrl: string;
  youtubeUrl: string;
  youtubeTutorialUrl: string;
  supportEmail: string;
  supportPhone: string;
  pixKeyType: string | null;
  pixKey: string;
  pixMerchantName: string;
  pixMerchantCity: string;
  derivAccount: string;
  bankAccount: { bank: string; branch: string; account: string; holder: string; document: string };
  boletoFee: string;
  boletoIssueBusinessDays: number | string;
  boletoDueBusinessDays: number | string;
  pixMinReceive: string;
  pixMaxReceive: string;
  derivMinReceive: string;
  derivMaxReceive: string;
  whatsappThresholdBrl: string;
  quoteLockMinutes: number | string;
  pendingExpiryMinutes: number | string;
  priceStaleMinutes: number | string;
  autoCompleteHours: number | string;
  // price guards
  manualPriceConfirmPercent: number | string;
  feedPriceHoldPercent: number | string;
  operatingHours: { timeZone: string; days: string[]; open: string; close: string };
  documentsRequired: boolean;
  twoFactorRequired: boolean;
  twoFactorOrderAboveBrl: string;
  autoCryptoPayouts: boolean;
  autoCryptoDeposits: boolean;
  // --- per-customer order limits ---
  customerMaxOpenOrders: number | string;
  customerMaxOrderBrl: string;
  customerMaxDailyBrl: string;
  // --- end of per-customer order limits ---
  // --- limits per KYC level (decision 062) ---
  tier1DailyBrl: string;
  tier1MonthlyBrl: string;
  tier2DailyBrl: string;
  tier2MonthlyBrl: string;
  tier3DailyBrl: string;
  tier3MonthlyBrl: string;
  // --- end of limits per KYC level ---
  // --- risk limits of automatic payouts ---
  autoPayoutMaxOrderBrl: string;
  autoPayoutMaxCustomerDayBrl: string;
  payoutSecondApprovalAboveBrl: string;
  payoutFirstOrdersHeld: number | string;
  payoutNewWalletHoldHours: number | string;
  // --- end of risk limits of automatic payouts ---
  // --- the anti-money-laundering rules' thresholds (decision 066) ---
  complianceStructuringOrders: number | string;
  complianceStructuringMarginPercent: number | string;
  complianceWindowDays: number | string;
  complianceVolumeMultiple: number | string;
  complianceVolumeMinBrl: string;
  complianceFirstMonthBrl: string;
  complianceNewWallets: number | string;
}

export type FormErrors = Record<string, string>;

const AMOUNT_KEYS = [
  'boletoFee',
  'pixMinReceive',
  'pixMaxReceive',
  'derivMinReceive',
  'derivMaxReceive',
  'whatsappThresholdBrl',
  'twoFactorOrderAboveBrl',
  'customerMaxOrderBrl',
  'customerMaxDailyBrl',
  'tier1DailyBrl',
  'tier1MonthlyBrl',
  'tier2DailyBrl',
  'tier2MonthlyBrl',
  'tier3DailyBrl',
  'tier3MonthlyBrl',
  'autoPayoutMaxOrderBrl',
  'autoPayoutMaxCustomerDayBrl',
  'payoutSecondApprovalAboveBrl',
  'complianceVolumeMinBrl',
  'complianceFirstMonthBrl',
] as const;

/** A stored amount ("1234.5") as the page writes it, without grouping ("1234,5" in pt-BR). */
export function amountForInput(value: string, locale: Locale): string {
  return locale === 'pt-BR' ? value.replace('.', ',') : value;
}

/** A typed amount as the API takes it; what is not an amount stays as typed (the rules refuse it). */
function amountFromInput(value: string, locale: Locale): string {
  return parseAmount(value, locale) ?? value.trim();
}

/** The form's values for stored settings. */
export function formValuesOf(settings: SettingsView, locale: Locale): SettingsFormValues {
  const text = (value: string | null) => value ?? '';
  const amounts = Object.fromEntries(
    AMOUNT_KEYS.map((key) => [key, amountForInput(settings[key], locale)]),
  ) as Pick<SettingsFormValues, (typeof AMOUNT_KEYS)[number]>;
  return {
    defaultSendToken: settings.defaultSendToken,
    defaultReceiveToken: settings.defaultReceiveToken,
    instagramUrl: text(settings.instagramUrl),
    telegramUrl: text(settings.telegramUrl),
    youtubeUrl: text(settings.youtubeUrl),
    youtubeTutorialUrl: text(settings.youtubeTutorialUrl),
    supportEmail: text(settings.supportEmail),
    supportPhone: text(settings.supportPhone),
    pixKeyType: settings.pixKeyType,
    pixKey: text(settings.pixKey),
    pixMerchantName: text(settings.pixMerchantName),
    pixMerchantCity: text(settings.pixMerchantCity),
    derivAccount: text(settings.derivAccount),
    bankAccount: {
      bank: text(settings.bankAccount?.bank ?? null),
      branch: text(settings.bankAccount?.branch ?? null),
      account: text(settings.bankAccount?.account ?? null),
      holder: text(settings.bankAccount?.holder ?? null),
      document: text(settings.bankAccount?.document ?? null),
    },
    ...amounts,
    boletoIssueBusinessDays: settings.boletoIssueBusinessDays,
    boletoDueBusinessDays: settings.boletoDueBusinessDays,
    quoteLockMinutes: settings.quoteLockMinutes,
    pendingExpiryMinutes: settings.pendingExpiryMinutes,
    priceStaleMinutes: settings.priceStaleMinutes,
    autoCompleteHours: settings.autoCompleteHours,
    // price guards
    manualPriceConfirmPercent: settings.manualPriceConfirmPercent,
    feedPriceHoldPercent: settings.feedPriceHoldPercent,
    operatingHours: {
      timeZone: settings.operatingHours.timeZone,
      days: settings.operatingHours.days.map(String),
      open: settings.operatingHours.open,
      close: settings.operatingHours.close,
    },
    documentsRequired: settings.documentsRequired,
    twoFactorRequired: settings.twoFactorRequired,
    autoCryptoPayouts: settings.autoCryptoPayouts,
    autoCryptoDeposits: settings.autoCryptoDeposits,
    customerMaxOpenOrders: settings.customerMaxOpenOrders,
    payoutFirstOrdersHeld: settings.payoutFirstOrdersHeld,
    payoutNewWalletHoldHours: settings.payoutNewWalletHoldHours,
    complianceStructuringOrders: settings.complianceStructuringOrders,
    complianceStructuringMarginPercent: settings.complianceStructuringMarginPercent,
    complianceWindowDays: settings.complianceWindowDays,
    complianceVolumeMultiple: settings.complianceVolumeMultiple,
    complianceNewWallets: settings.complianceNewWallets,
  };
}

/** A whole number typed in a number input ("" stays "", which the rules refuse). */
function wholeNumber(value: number | string): number | string {
  return typeof value === 'number' ? value : value.trim() === '' ? '' : Number(value);
}

/**
 * A whole number whose 0 means something (0 turns a rule off): a blank field is refused by the
 * rules (NaN), never read as 0 as the number coercion would.
 */
function wholeNumberNotBlank(value: number | string): number {
  const whole = wholeNumber(value);
  return whole === '' ? Number.NaN : (whole as number);
}

/** What the shared schema validates for the form's values. */
export function settingsInputOf(values: SettingsFormValues, locale: Locale): SettingsInput {
  const bank = values.bankAccount;
  const bankBlank = Object.values(bank).every((value) => value.trim() === '');
  const amounts = Object.fromEntries(
    AMOUNT_KEYS.map((key) => [key, amountFromInput(values[key], locale)]),
  ) as Pick<SettingsInput, (typeof AMOUNT_KEYS)[number]>;
  return {
    defaultSendToken: values.defaultSendToken || null,
    defaultReceiveToken: values.defaultReceiveToken || null,
    instagramUrl: values.instagramUrl,
    telegramUrl: values.telegramUrl,
    youtubeUrl: values.youtubeUrl,
    youtubeTutorialUrl: values.youtubeTutorialUrl,
    supportEmail: values.supportEmail,
    supportPhone: values.supportPhone,
    pixKeyType: (values.pixKeyType || null) as PixKeyType | null,
    pixKey: values.pixKey,
    pixMerchantName: values.pixMerchantName,
    pixMerchantCity: values.pixMerchantCity,
    derivAccount: values.derivAccount,
    bankAccount: bankBlank ? null : { ...bank },
    ...amounts,
    boletoIssueBusinessDays: wholeNumber(values.boletoIssueBusinessDays) as number,
    boletoDueBusinessDays: wholeNumber(values.boletoDueBusinessDays) as number,
    quoteLockMinutes: wholeNumber(values.quoteLockMinutes) as number,
    pendingExpiryMinutes: wholeNumber(values.pendingExpiryMinutes) as number,
    priceStaleMinutes: wholeNumber(values.priceStaleMinutes) as number,
    autoCompleteHours: wholeNumber(values.autoCompleteHours) as number,
    // price guards
    manualPriceConfirmPercent: wholeNumber(values.manualPriceConfirmPercent) as number,
    feedPriceHoldPercent: wholeNumber(values.feedPriceHoldPercent) as number,
    operatingHours: {
      timeZone: values.operatingHours.timeZone,
      days: values.operatingHours.days.map(Number),
      open: values.operatingHours.open,
      close: values.operatingHours.close,
    },
    documentsRequired: values.documentsRequired,
    twoFactorRequired: values.twoFactorRequired,
    autoCryptoPayouts: values.autoCryptoPayouts,
    autoCryptoDeposits: values.autoCryptoDeposits,
    customerMaxOpenOrders: wholeNumber(values.customerMaxOpenOrders) as number,
    payoutFirstOrdersHeld: wholeNumberNotBlank(values.payoutFirstOrdersHeld),
    payoutNewWalletHoldHours: wholeNumberNotBlank(values.payoutNewWalletHoldHours),
    complianceStructuringOrders: wholeNumber(values.complianceStructuringOrders) as number,
    complianceStructuringMarginPercent: wholeNumber(
      values.complianceStructuringMarginPercent,
    ) as number,
    complianceWindowDays: wholeNumber(values.complianceWindowDays) as number,
    complianceVolumeMultiple: wholeNumber(values.complianceVolumeMultiple) as number,
    complianceNewWallets: wholeNumber(values.complianceNewWallets) as number,
  };
}

export type ParsedForm = { ok: true; values: SettingsValues } | { ok: false; errors: FormErrors };

/** The form checked with the shared rules: the normalized values, or a message per field. */
export function parseSettingsForm(values: SettingsFormValues, locale: Locale): ParsedForm {
  const result = settingsSchema.safeParse(settingsInputOf(values, locale));
  if (result.success) return { ok: true, values: result.data };
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'form';
    errors[field] ??= fieldMessage(issue.message, locale);
  }
  return { ok: false, errors };
}

/** JSON with object keys sorted (jsonb and the form may order keys differently). */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** The fields whose (normalized) value differs from what is stored: the body of the PATCH. */
export function settingsChange(stored: SettingsView, values: SettingsValues): SettingsUpdateInput {
  const change: Partial<Record<SettingsKey, unknown>> = {};
  for (const key of SETTINGS_KEYS) {
    if (stable(values[key]) !== stable(stored[key])) change[key] = values[key];
  }
  return change as SettingsUpdateInput;
}
