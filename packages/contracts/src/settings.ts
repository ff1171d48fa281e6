import { z } from 'zod';
import { emailSchema, normalizeBrazilianPhone } from './accounts.ts';
import { dec, normalize } from './money.ts';
import { isWithinOperatingHours, processingFrom } from './operating-hours.ts';
import type { OperatingHours } from './operating-hours.ts';
import { amountSchema, tokenCodeSchema } from './validation.ts';
import {
  derivAccountSchema,
  normalizeHolderDocument,
  normalizePixKey,
  pixKeyTypeSchema,
} from './wallets.ts';
import type { PixKeyType } from './wallets.ts';

export { SETTINGS_FIELD_MESSAGES, SETTINGS_SUCCESS_MESSAGES } from './messages/settings.ts';

/**
 * The general settings (/admin/general-settings, PRODUCT.md sections 1, 2 and 6): one row, edited
 * by admins, partly shown to visitors. The same rules validate the admin form in the browser and
 * the PATCH on the server. Normalizing uses `overwrite` (not `transform`) so that the fields keep
 * their JSON Schema in the API document. An empty text means "not set" (null).
 */

// --- primitive rules ------------------------------------------------------------------------

/** Empty or blank text is "not set". */
const blankToNull = (value: string | null): string | null =>
  value === null || value.trim() === '' ? null : value.trim();

/**
 * An optional text setting: null, "" (not set) or a string that `check` accepts (`check` answers
 * the issue's message key, or null when the value is fine), stored as `normal(value)`.
 */
function optionalText(
  max: number,
  check: (value: string) => string | null,
  normal: (value: string) => string = (value) => value,
) {
  return z
    .string({ error: 'field.invalid' })
    .max(max, { error: 'field.invalid' })
    .nullable()
    .superRefine((value, ctx) => {
      const text = blankToNull(value);
      if (text === null) return;
      const problem = check(text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .overwrite((value) => {
      const text = blankToNull(value);
      return text === null ? null : check(text) === null ? normal(text) : text;
    });
}

/** The first issue message of `schema` for `value`, or null when it passes. */
function issueOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'field.invalid');
}

/** An https link on one of `hosts` (a `www.` or `m.` prefix is fine). */
export function isHttpsLinkOn(value: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, '');
  return url.protocol === 'https:' && !url.username && !url.password && hosts.includes(host);
}

export const SOCIAL_HOSTS = {
  instagram: ['instagram.com'],
  telegram: ['t.me', 'telegram.me'],
  youtube: ['youtube.com', 'youtu.be'],
} as const;

const linkOn = (hosts: readonly string[], message: string) =>
  optionalText(300, (value) => (isHttpsLinkOn(value, hosts) ? null : message));

/** A BRL or USD amount of the settings: at most 2 decimal places. */
const AMOUNT_2DP = /^(0|[1-9]\d{0,15})(\.\d{1,2})?$/;

/** Whether a string is an amount the settings take (non-negative, at most 2 decimal places). */
export function isSettingsAmount(value: string): boolean {
  return AMOUNT_2DP.test(value);
}

const nonNegativeAmount = z
  .string({ error: 'settings.amount' })
  .trim()
  .regex(AMOUNT_2DP, { error: 'settings.amount' })
  .overwrite((value) => (AMOUNT_2DP.test(value) ? normalize(value) : value));

const positiveAmount = nonNegativeAmount.refine((value) => /[1-9]/.test(value), {
  error: 'amount.positive',
});

export const MAX_SETTING_MINUTES = 10_080;
export const MAX_SETTING_HOURS = 720;
/** Upper bound of the boleto's business-day settings (a month of business days). */
export const MAX_SETTING_BUSINESS_DAYS = 20;

const minutes = z.coerce
  .number({ error: 'settings.minutes' })
  .int({ error: 'settings.minutes' })
  .min(1, { error: 'settings.minutes' })
  .max(MAX_SETTING_MINUTES, { error: 'settings.minutes' });

const hours = z.coerce
  .number({ error: 'settings.hours' })
  .int({ error: 'settings.hours' })
  .min(1, { error: 'settings.hours' })
  .max(MAX_SETTING_HOURS, { error: 'settings.hours' });

export const MAX_OPEN_ORDERS = 100;

const openOrders = z.coerce
  .number({ error: 'settings.openOrders' })
  .int({ error: 'settings.openOrders' })
  .min(1, { error: 'settings.openOrders' })
  .max(MAX_OPEN_ORDERS, { error: 'settings.openOrders' });

export const MAX_FIRST_ORDERS_HELD = 100;
/** How many of a customer's first orders wait for approval: 0 (none) to 100. */
const firstOrdersHeld = z.coerce
  .number({ error: 'settings.firstOrdersHeld' })
  .int({ error: 'settings.firstOrdersHeld' })
  .min(0, { error: 'settings.firstOrdersHeld' })
  .max(MAX_FIRST_ORDERS_HELD, { error: 'settings.firstOrdersHeld' });

/** Hours a new destination's first payout waits: 0 (none) to 720 (30 days). */
const holdHours = z.coerce
  .number({ error: 'settings.holdHours' })
  .int({ error: 'settings.holdHours' })
  .min(0, { error: 'settings.holdHours' })
  .max(MAX_SETTING_HOURS, { error: 'settings.holdHours' });

/** A whole number from `min` to `max` (the anti-money-laundering thresholds, decision 066). */
function intBetween(min: number, max: number) {
  return z.coerce
    .number({ error: 'settings.complianceRange' })
    .int({ error: 'settings.complianceRange' })
    .min(min, { error: 'settings.complianceRange' })
    .max(max, { error: 'settings.complianceRange' });
}

const businessDays = z.coerce
  .number({ error: 'settings.businessDays' })
  .int({ error: 'settings.businessDays' })
  .min(1, { error: 'settings.businessDays' })
  .max(MAX_SETTING_BUSINESS_DAYS, { error: 'settings.businessDays' });

/** "HH:MM", 24 h. */
// --- price guards (manual price confirmation, feed price hold) -----------------------------
/** A whole percentage of a price change, 1 to 1000. */
const priceGuardPercent = z.coerce
  .number({ error: 'settings.priceGuardPercent' })
  .int({ error: 'settings.priceGuardPercent' })
  .min(1, { error: 'settings.priceGuardPercent' })
  .max(1000, { error: 'settings.priceGuardPercent' });
export const DEFAULT_MANUAL_PRICE_CONFIRM_PERCENT = 10;
export const DEFAULT_FEED_PRICE_HOLD_PERCENT = 20;

/** Weekdays 10:00 to 18:00 in Brazil. */
export const DEFAULT_OPERATING_HOURS: OperatingHours = {
  timeZone: 'America/Sao_Paulo',
  days: [1, 2, 3, 4, 5],
  open: '10:00',
  close: '18:00',
};

/**
 * The product's defaults of the settings, written once: the database's column defaults (the row
 * a fresh production start creates), what the API works with while the row is missing, and what
 * the public pages say before the settings arrive.
 */
export const SETTINGS_DEFAULTS = {
  pixMinReceive: '50',
  pixMaxReceive: '50000',
  derivMinReceive: '10',
  derivMaxReceive: '5000',
  autoCryptoPayouts: false,
  autoCryptoDeposits: false,
  operatingHours: DEFAULT_OPERATING_HOURS,
  quoteLockMinutes: 15,
  pendingExpiryMinutes: 30,
  autoCompleteHours: 72,
  priceStaleMinutes: 10,
  documentsRequired: true,
  boletoFee: '0',
  boletoIssueBusinessDays: 1,
  boletoDueBusinessDays: 3,
  twoFactorRequired: false,
  /** two-factor needed for a customer's order worth more than this (BRL); 0: never (decision 061) */
  twoFactorOrderAboveBrl: '0',
  whatsappThresholdBrl: '200',
  manualPriceConfirmPercent: DEFAULT_MANUAL_PRICE_CONFIRM_PERCENT,
  feedPriceHoldPercent: DEFAULT_FEED_PRICE_HOLD_PERCENT,
  customerMaxOpenOrders: 2,
  customerMaxOrderBrl: '20000',
  customerMaxDailyBrl: '50000',
  // limits per KYC level (decision 062), BRL: day and calendar month in America/Sao_Paulo
  tier1DailyBrl: '1000',
  tier1MonthlyBrl: '5000',
  tier2DailyBrl: '50000',
  tier2MonthlyBrl: '200000',
  tier3DailyBrl: '200000',
  tier3MonthlyBrl: '1000000',
  // risk limits of automatic payouts (decision 043): conservative; the demo seed relaxes them
  autoPayoutMaxOrderBrl: '5000',
  autoPayoutMaxCustomerDayBrl: '20000',
  payoutSecondApprovalAboveBrl: '50000',
  payoutFirstOrdersHeld: 3,
  payoutNewWalletHoldHours: 24,
  // the anti-money-laundering rules' thresholds (decision 066)
  complianceStructuringOrders: 3,
  complianceStructuringMarginPercent: 10,
  complianceWindowDays: 7,
  complianceVolumeMultiple: 5,
  complianceVolumeMinBrl: '50000',
  complianceFirstMonthBrl: '100000',
  complianceNewWallets: 3,
} as const satisfies Record<string, string | number | boolean | OperatingHours>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether Intl knows the IANA time zone (a name like America/Sao_Paulo, not an offset). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function canonicalTimeZone(value: string): string {
  return isTimeZone(value)
    ? new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone
    : value;
}

function minutesOf(hhmm: string): number {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/** Whether none of `names` has an issue yet (a cross-field rule reads only sound fields). */
function fieldsSound(
  payload: { issues: readonly { path?: readonly PropertyKey[] }[] },
  ...names: string[]
): boolean {
  return !payload.issues.some(
    (issue) => !issue.path?.length || names.includes(String(issue.path[0])),
  );
}

// --- operating hours and bank account -------------------------------------------------------

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export const operatingHoursSchema = z
  .object({
    timeZone: z
      .string({ error: 'settings.timeZone' })
      .trim()
      .refine(isTimeZone, { error: 'settings.timeZone' })
      .overwrite(canonicalTimeZone),
    days: z
      .array(
        z.number({ error: 'settings.days' }).int({ error: 'settings.days' }).min(1).max(7, {
          error: 'settings.days',
        }),
        { error: 'settings.days' },
      )
      .min(1, { error: 'settings.days' })
      .max(7, { error: 'settings.days' })
      .overwrite((days) => [...new Set(days)].sort((a, b) => a - b)),
    open: z.string({ error: 'settings.time' }).regex(TIME, { error: 'settings.time' }),
    close: z.string({ error: 'settings.time' }).regex(TIME, { error: 'settings.time' }),
  })
  .refine((value) => minutesOf(value.open) < minutesOf(value.close), {
    path: ['close'],
    error: 'settings.closeBeforeOpen',
    when: (payload) => fieldsSound(payload, 'open', 'close'),
  })
  .meta({ id: 'OperatingHours' });

export const bankAccountSchema = z
  .object({
    bank: z
      .string({ error: 'settings.bank' })
      .trim()
      .min(3, { error: 'settings.bank' })
      .max(120, { error: 'settings.bank' }),
    branch: z
      .string({ error: 'settings.branch' })
      .trim()
      .regex(/^\d{1,5}(-[\dXx])?$/, { error: 'settings.branch' }),
    account: z
      .string({ error: 'settings.account' })
      .trim()
      .regex(/^\d{1,13}(-[\dXx])?$/, { error: 'settings.account' }),
    holder: z
      .string({ error: 'holderName.min' })
      .trim()
      .min(3, { error: 'holderName.min' })
      .max(120, { error: 'holderName.min' }),
    document: z
      .string({ error: 'holderDocument.invalid' })
      .refine((value) => normalizeHolderDocument(value) !== null, {
        error: 'holderDocument.invalid',
      })
      .overwrite((value) => normalizeHolderDocument(value) ?? value),
  })
  .meta({ id: 'BankAccount' });
export type BankAccountValues = z.output<typeof bankAccountSchema>;

// --- every editable setting -----------------------------------------------------------------

const nullableToken = tokenCodeSchema.nullable();

const settingsFields = {
  defaultSendToken: nullableToken,
  defaultReceiveToken: nullableToken,
  instagramUrl: linkOn(SOCIAL_HOSTS.instagram, 'settings.instagramUrl'),
  telegramUrl: linkOn(SOCIAL_HOSTS.telegram, 'settings.telegramUrl'),
  youtubeUrl: linkOn(SOCIAL_HOSTS.youtube, 'settings.youtubeUrl'),
  youtubeTutorialUrl: linkOn(SOCIAL_HOSTS.youtube, 'settings.youtubeUrl'),
  supportEmail: optionalText(
    254,
    (value) => issueOf(emailSchema, value),
    (value) => value.toLowerCase(),
  ),
  /** Typed as a Brazilian phone (10 or 11 digits), stored in E.164 (+55...). */
  supportPhone: optionalText(
    30,
    (value) => (normalizeBrazilianPhone(value) ? null : 'phone.invalid'),
    (value) => normalizeBrazilianPhone(value) ?? value,
  ),
  pixKeyType: pixKeyTypeSchema.nullable(),
  /** Checked against pixKeyType (the wallets' PIX key rules), stored normalized. */
  pixKey: optionalText(140, () => null),
  pixMerchantName: optionalText(200, (value) =>
    /^[\p{L}\d .&'-]{1,25}$/u.test(value) ? null : 'settings.merchantName',
  ),
  pixMerchantCity: optionalText(200, (value) =>
    /^[\p{L}\d .'-]{1,15}$/u.test(value) ? null : 'settings.merchantCity',
  ),
  /** The platform's Deriv account (the specification's "Deriv key"): CR and digits. */
  derivAccount: optionalText(
    200,
    (value) => issueOf(derivAccountSchema, value),
    (value) => value.toUpperCase(),
  ),
  bankAccount: bankAccountSchema.nullable(),
  boletoFee: nonNegativeAmount,
  /** Business days a boleto order may wait for its boleto before it expires. */
  boletoIssueBusinessDays: businessDays,
  /** Business days from the boleto's issue to its due date (when the order expires). */
  boletoDueBusinessDays: businessDays,
  pixMinReceive: positiveAmount,
  pixMaxReceive: positiveAmount,
  derivMinReceive: positiveAmount,
  derivMaxReceive: positiveAmount,
  whatsappThresholdBrl: nonNegativeAmount,
  quoteLockMinutes: minutes,
  pendingExpiryMinutes: minutes,
  priceStaleMinutes: minutes,
  autoCompleteHours: hours,
  // price guards
  manualPriceConfirmPercent: priceGuardPercent,
  feedPriceHoldPercent: priceGuardPercent,
  operatingHours: operatingHoursSchema,
  documentsRequired: z.boolean({ error: 'field.invalid' }),
  twoFactorRequired: z.boolean({ error: 'field.invalid' }),
  /** A customer's order worth more than this (BRL) needs two-factor on the account; 0: never. */
  twoFactorOrderAboveBrl: nonNegativeAmount,
  autoCryptoPayouts: z.boolean({ error: 'field.invalid' }),
  /** credit crypto deposits the exchange's history shows to their orders (decision 039) */
  autoCryptoDeposits: z.boolean({ error: 'field.invalid' }),
  // --- per-customer order limits ---
  /** Orders of one customer waiting for payment at the same time. */
  customerMaxOpenOrders: openOrders,
  /** Value of one order, BRL. */
  customerMaxOrderBrl: positiveAmount,
  /** Value of one customer's orders per calendar day (America/Sao_Paulo), BRL. */
  customerMaxDailyBrl: positiveAmount,
  // --- end of per-customer order limits ---
  // --- limits per KYC level (decision 062), BRL ---
  tier1DailyBrl: positiveAmount,
  tier1MonthlyBrl: positiveAmount,
  tier2DailyBrl: positiveAmount,
  tier2MonthlyBrl: positiveAmount,
  tier3DailyBrl: positiveAmount,
  tier3MonthlyBrl: positiveAmount,
  // --- end of limits per KYC level ---
  // --- risk limits of automatic payouts (payout-risk.ts, decision 043) ---
  /** Above this value of one order (BRL) its automatic payout waits for an admin's approval. */
  autoPayoutMaxOrderBrl: positiveAmount,
  /** Above this value of one customer's automatic payouts of a day (São Paulo), BRL. */
  autoPayoutMaxCustomerDayBrl: positiveAmount,
  /** Above this value of one order (BRL) two different admins approve its payout. */
  payoutSecondApprovalAboveBrl: positiveAmount,
  /** A customer's first N orders wait for approval (0: none). */
  payoutFirstOrdersHeld: firstOrdersHeld,
  /** Hours a destination's first payout waits, unless approved (0: none). */
  payoutNewWalletHoldHours: holdHours,
  // --- end of risk limits of automatic payouts ---
  // --- the anti-money-laundering rules' thresholds (decision 066) ---
  /** Orders just under a limit within the window that make structuring (2 to 50). */
  complianceStructuringOrders: intBetween(2, 50),
  /** How far under a limit, in percent of it, an order is "just under" (1 to 50). */
  complianceStructuringMarginPercent: intBetween(1, 50),
  /** The window of structuring and of new wallets, days (1 to 90). */
  complianceWindowDays: intBetween(1, 90),
  /** The last 30 days above this many times the average month of the 6 before (2 to 100). */
  complianceVolumeMultiple: intBetween(2, 100),
  /** ...and above this value (BRL). */
  complianceVolumeMinBrl: positiveAmount,
  /** A customer without history: the first 30 days above this value (BRL). */
  complianceFirstMonthBrl: positiveAmount,
  /** New payout wallets used in orders within the window (2 to 50). */
  complianceNewWallets: intBetween(2, 50),
  // --- end of the anti-money-laundering rules' thresholds ---
};

export type SettingsKey = keyof typeof settingsFields;
export const SETTINGS_KEYS = Object.keys(settingsFields) as SettingsKey[];

type RuleValues = Partial<Record<SettingsKey, unknown>>;

function limitsOrdered(min: unknown, max: unknown): boolean {
  if (typeof min !== 'string' || typeof max !== 'string') return true;
  if (!AMOUNT_2DP.test(min) || !AMOUNT_2DP.test(max)) return true;
  return dec(max).gte(min);
}

interface PixFields {
  pixKeyType?: PixKeyType | null | undefined;
  pixKey?: string | null | undefined;
}

/** A PIX key typed without its type. */
function pixTypeMissing({ pixKeyType, pixKey }: PixFields): boolean {
  return pixKeyType === null && typeof pixKey === 'string' && blankToNull(pixKey) !== null;
}

/** The issue of the PIX key for its type: absent or invalid ("pixKey.<type>"), or null. */
function pixKeyIssue({ pixKeyType, pixKey }: PixFields): string | null {
  if (!pixKeyType || pixKey === undefined) return null;
  const text = pixKey === null ? null : blankToNull(pixKey);
  if (text === null) return 'settings.pixKeyRequired';
  return normalizePixKey(pixKeyType, text) === null ? `pixKey.${pixKeyType}` : null;
}

/**
 * The rules across fields, for a full or partial set of values (a rule whose fields are not all
 * given is skipped): max >= min for PIX and Deriv, the PIX key valid for its type, two different
 * default tokens. The PIX key is normalized for its type.
 */
function withCrossFieldRules<T extends z.ZodType<RuleValues>>(schema: T) {
  return schema
    .refine((value) => limitsOrdered(value.pixMinReceive, value.pixMaxReceive), {
      path: ['pixMaxReceive'],
      error: 'settings.maxBelowMin',
      when: (payload) => fieldsSound(payload, 'pixMinReceive', 'pixMaxReceive'),
    })
    .refine((value) => limitsOrdered(value.derivMinReceive, value.derivMaxReceive), {
      path: ['derivMaxReceive'],
      error: 'settings.maxBelowMin',
      when: (payload) => fieldsSound(payload, 'derivMinReceive', 'derivMaxReceive'),
    })
    .refine((value) => limitsOrdered(value.tier1DailyBrl, value.tier1MonthlyBrl), {
      path: ['tier1MonthlyBrl'],
      error: 'settings.monthlyBelowDaily',
      when: (payload) => fieldsSound(payload, 'tier1DailyBrl', 'tier1MonthlyBrl'),
    })
    .refine((value) => limitsOrdered(value.tier2DailyBrl, value.tier2MonthlyBrl), {
      path: ['tier2MonthlyBrl'],
      error: 'settings.monthlyBelowDaily',
      when: (payload) => fieldsSound(payload, 'tier2DailyBrl', 'tier2MonthlyBrl'),
    })
    .refine((value) => limitsOrdered(value.tier3DailyBrl, value.tier3MonthlyBrl), {
      path: ['tier3MonthlyBrl'],
      error: 'settings.monthlyBelowDaily',
      when: (payload) => fieldsSound(payload, 'tier3DailyBrl', 'tier3MonthlyBrl'),
    })
    .refine((value) => limitsOrdered(value.customerMaxOrderBrl, value.customerMaxDailyBrl), {
      path: ['customerMaxDailyBrl'],
      error: 'settings.dailyBelowOrder',
      when: (payload) => fieldsSound(payload, 'customerMaxOrderBrl', 'customerMaxDailyBrl'),
    })
    .refine(
      (value) => limitsOrdered(value.autoPayoutMaxOrderBrl, value.autoPayoutMaxCustomerDayBrl),
      {
        path: ['autoPayoutMaxCustomerDayBrl'],
        error: 'settings.dailyBelowOrder',
        when: (payload) =>
          fieldsSound(payload, 'autoPayoutMaxOrderBrl', 'autoPayoutMaxCustomerDayBrl'),
      },
    )
    .refine(
      (value) => limitsOrdered(value.autoPayoutMaxOrderBrl, value.payoutSecondApprovalAboveBrl),
      {
        path: ['payoutSecondApprovalAboveBrl'],
        error: 'settings.secondApprovalBelowOrder',
        when: (payload) =>
          fieldsSound(payload, 'autoPayoutMaxOrderBrl', 'payoutSecondApprovalAboveBrl'),
      },
    )
    .refine((value) => !pixTypeMissing(value as PixFields), {
      path: ['pixKeyType'],
      error: 'pixKeyType.required',
      when: (payload) => fieldsSound(payload, 'pixKeyType', 'pixKey'),
    })
    .refine((value) => pixKeyIssue(value as PixFields) === null, {
      path: ['pixKey'],
      error: (issue) => pixKeyIssue(issue.input as PixFields) ?? 'field.invalid',
      when: (payload) => fieldsSound(payload, 'pixKeyType', 'pixKey'),
    })
    .refine(
      (value) =>
        !value.defaultSendToken ||
        !value.defaultReceiveToken ||
        value.defaultSendToken !== value.defaultReceiveToken,
      {
        path: ['defaultReceiveToken'],
        error: 'settings.sameToken',
        when: (payload) => fieldsSound(payload, 'defaultSendToken', 'defaultReceiveToken'),
      },
    )
    .overwrite((value) => {
      const type = value.pixKeyType as PixKeyType | null | undefined;
      const key = value.pixKey as string | null | undefined;
      if (!type || typeof key !== 'string') return value;
      return { ...value, pixKey: normalizePixKey(type, key) ?? key };
    });
}

/**
 * Every editable setting with its rules: what the admin form validates before saving, and what
 * the server checks the stored row merged with a change against.
 */
export const settingsSchema = withCrossFieldRules(z.object(settingsFields)).meta({
  id: 'SettingsValues',
});
export type SettingsInput = z.input<typeof settingsSchema>;
export type SettingsValues = z.output<typeof settingsSchema>;

/**
 * PATCH /api/v1/admin/settings: any subset of the settings (absent = unchanged; null or "" on an
 * optional text clears it). Rules across fields apply when their fields are sent together; the
 * server checks the rest against the stored values (and that default tokens exist and are enabled).
 */
export const settingsUpdateSchema = withCrossFieldRules(z.object(settingsFields).partial()).meta({
  id: 'SettingsUpdate',
});
export type SettingsUpdateInput = z.input<typeof settingsUpdateSchema>;
export type SettingsUpdate = z.output<typeof settingsUpdateSchema>;

/**
 * Fields whose rules read each other: a change of one re-checks the others (their issues are the
 * change's issues).
 */
export const SETTINGS_FIELD_GROUPS: readonly (readonly SettingsKey[])[] = [
  ['pixMinReceive', 'pixMaxReceive'],
  ['derivMinReceive', 'derivMaxReceive'],
  ['customerMaxOrderBrl', 'customerMaxDailyBrl'],
  ['tier1DailyBrl', 'tier1MonthlyBrl'],
  ['tier2DailyBrl', 'tier2MonthlyBrl'],
  ['tier3DailyBrl', 'tier3MonthlyBrl'],
  ['autoPayoutMaxOrderBrl', 'autoPayoutMaxCustomerDayBrl', 'payoutSecondApprovalAboveBrl'],
  ['pixKeyType', 'pixKey'],
  ['defaultSendToken', 'defaultReceiveToken'],
];

/** The fields a change of `keys` re-checks: the keys and their groups. */
export function fieldsCheckedBy(keys: readonly string[]): Set<string> {
  const checked = new Set(keys);
  for (const group of SETTINGS_FIELD_GROUPS) {
    if (group.some((key) => checked.has(key))) for (const key of group) checked.add(key);
  }
  return checked;
}

// --- answers --------------------------------------------------------------------------------

const operatingHoursViewSchema = z.object({
  timeZone: z.string().meta({ example: 'America/Sao_Paulo' }),
  /** ISO weekdays, 1 = Monday ... 7 = Sunday */
  days: z.array(z.number().int()),
  open: z.string().meta({ example: '10:00' }),
  close: z.string().meta({ example: '18:00' }),
});

/** GET/PATCH /api/v1/admin/settings: every setting as stored, with who changed it last. */
export const settingsViewSchema = z
  .object({
    defaultSendToken: z.string().nullable(),
    defaultReceiveToken: z.string().nullable(),
    instagramUrl: z.string().nullable(),
    telegramUrl: z.string().nullable(),
    youtubeUrl: z.string().nullable(),
    youtubeTutorialUrl: z.string().nullable(),
    supportEmail: z.string().nullable(),
    supportPhone: z.string().nullable().meta({ example: '+5511999990000' }),
    pixKeyType: pixKeyTypeSchema.nullable(),
    pixKey: z.string().nullable(),
    pixMerchantName: z.string().nullable(),
    pixMerchantCity: z.string().nullable(),
    derivAccount: z.string().nullable(),
    bankAccount: z
      .object({
        bank: z.string(),
        branch: z.string(),
        account: z.string(),
        holder: z.string(),
        document: z.string(),
      })
      .nullable(),
    boletoFee: amountSchema,
    boletoIssueBusinessDays: z.number().int(),
    boletoDueBusinessDays: z.number().int(),
    pixMinReceive: amountSchema,
    pixMaxReceive: amountSchema,
    derivMinReceive: amountSchema,
    derivMaxReceive: amountSchema,
    whatsappThresholdBrl: amountSchema,
    quoteLockMinutes: z.number().int(),
    pendingExpiryMinutes: z.number().int(),
    priceStaleMinutes: z.number().int(),
    autoCompleteHours: z.number().int(),
    // price guards
    manualPriceConfirmPercent: z.number().int(),
    feedPriceHoldPercent: z.number().int(),
    operatingHours: operatingHoursViewSchema,
    documentsRequired: z.boolean(),
    twoFactorRequired: z.boolean(),
    twoFactorOrderAboveBrl: amountSchema,
    autoCryptoPayouts: z.boolean(),
    autoCryptoDeposits: z.boolean(),
    // --- per-customer order limits ---
    customerMaxOpenOrders: z.number().int(),
    customerMaxOrderBrl: amountSchema,
    customerMaxDailyBrl: amountSchema,
    // --- end of per-customer order limits ---
    // --- limits per KYC level (decision 062) ---
    tier1DailyBrl: amountSchema,
    tier1MonthlyBrl: amountSchema,
    tier2DailyBrl: amountSchema,
    tier2MonthlyBrl: amountSchema,
    tier3DailyBrl: amountSchema,
    tier3MonthlyBrl: amountSchema,
    // --- end of limits per KYC level ---
    // --- risk limits of automatic payouts ---
    autoPayoutMaxOrderBrl: amountSchema,
    autoPayoutMaxCustomerDayBrl: amountSchema,
    payoutSecondApprovalAboveBrl: amountSchema,
    payoutFirstOrdersHeld: z.number().int(),
    payoutNewWalletHoldHours: z.number().int(),
    // --- end of risk limits of automatic payouts ---
    complianceStructuringOrders: z.number().int(),
    complianceStructuringMarginPercent: z.number().int(),
    complianceWindowDays: z.number().int(),
    complianceVolumeMultiple: z.number().int(),
    complianceVolumeMinBrl: amountSchema,
    complianceFirstMonthBrl: amountSchema,
    complianceNewWallets: z.number().int(),
    updatedAt: z.iso.datetime(),
    /** username of the admin who saved last; null before any change */
    updatedBy: z.string().nullable(),
    /** whether the exchange API key is configured (automatic payouts need it) */
    exchangeConfigured: z.boolean(),
  })
  .meta({ id: 'Settings' });
export type SettingsView = z.infer<typeof settingsViewSchema>;

/** The answer of a save: the message to show and the settings as now stored. */
export const settingsSavedSchema = z.object({
  message: z.string(),
  /** the fields that changed (empty: nothing to save) */
  changed: z.array(z.string()),
  settings: settingsViewSchema,
});
export type SettingsSaved = z.infer<typeof settingsSavedSchema>;

/** One change of the settings as the audit log recorded it. */
export const settingsChangeSchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  /** the admin's username; null when the account no longer exists */
  actor: z.string().nullable(),
  changes: z.array(
    z.object({
      field: z.string(),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
});
export type SettingsChange = z.infer<typeof settingsChangeSchema>;

export const settingsHistorySchema = z
  .object({ items: z.array(settingsChangeSchema) })
  .meta({ id: 'SettingsHistory' });
export type SettingsHistory = z.infer<typeof settingsHistorySchema>;

/** GET /api/v1/settings: what visitors may see. */
export const publicSettingsSchema = z
  .object({
    defaultSendToken: z.string().nullable(),
    defaultReceiveToken: z.string().nullable(),
    instagramUrl: z.string().nullable(),
    telegramUrl: z.string().nullable(),
    youtubeUrl: z.string().nullable(),
    youtubeTutorialUrl: z.string().nullable(),
    supportEmail: z.string().nullable(),
    /** E.164 */
    supportPhone: z.string().nullable().meta({ example: '+5511999990000' }),
    /** https://wa.me/<digits> of the support phone; null when no phone is set */
    whatsappUrl: z.string().nullable().meta({ example: 'https://wa.me/5511999990000' }),
    operatingHours: operatingHoursViewSchema,
    /** whether `now` is inside the operating hours */
    deskOpenNow: z.boolean(),
    /** the next opening when the desk is closed now; null while it is open */
    nextOpeningAt: z.iso.datetime().nullable(),
    /** extra fee of a boleto payment, BRL */
    boletoFee: amountSchema,
    pixMinReceive: amountSchema,
    pixMaxReceive: amountSchema,
    derivMinReceive: amountSchema,
    derivMaxReceive: amountSchema,
    /** above this BRL amount the calculator offers WhatsApp */
    whatsappThresholdBrl: amountSchema,
  })
  .meta({ id: 'PublicSettings' });
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** The wa.me link of a phone (any format; digits kept), or null without a phone. */
export function whatsappUrl(phone: string | null): string | null {
  const digits = phone?.replace(/\D/g, '') ?? '';
  return digits ? `https://wa.me/${digits}` : null;
}

/** What visitors see of the settings at `now`. */
export function publicSettingsOf(
  settings: Pick<
    SettingsView,
    | 'defaultSendToken'
    | 'defaultReceiveToken'
    | 'instagramUrl'
    | 'telegramUrl'
    | 'youtubeUrl'
    | 'youtubeTutorialUrl'
    | 'supportEmail'
    | 'supportPhone'
    | 'boletoFee'
    | 'pixMinReceive'
    | 'pixMaxReceive'
    | 'derivMinReceive'
    | 'derivMaxReceive'
    | 'whatsappThresholdBrl'
  > & { operatingHours: OperatingHours },
  now: Date,
): PublicSettings {
  const hours = settings.operatingHours;
  const next = processingFrom(hours, now);
  return {
    defaultSendToken: settings.defaultSendToken,
    defaultReceiveToken: settings.defaultReceiveToken,
    instagramUrl: settings.instagramUrl,
    telegramUrl: settings.telegramUrl,
    youtubeUrl: settings.youtubeUrl,
    youtubeTutorialUrl: settings.youtubeTutorialUrl,
    supportEmail: settings.supportEmail,
    supportPhone: settings.supportPhone,
    whatsappUrl: whatsappUrl(settings.supportPhone),
    operatingHours: {
      timeZone: hours.timeZone,
      days: [...hours.days],
      open: hours.open,
      close: hours.close,
    },
    deskOpenNow: isWithinOperatingHours(hours, now),
    nextOpeningAt: next ? next.toISOString() : null,
    boletoFee: normalize(settings.boletoFee),
    pixMinReceive: normalize(settings.pixMinReceive),
    pixMaxReceive: normalize(settings.pixMaxReceive),
    derivMinReceive: normalize(settings.derivMinReceive),
    derivMaxReceive: normalize(settings.derivMaxReceive),
    whatsappThresholdBrl: normalize(settings.whatsappThresholdBrl),
  };
}
