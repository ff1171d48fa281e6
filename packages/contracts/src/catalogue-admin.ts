import { z } from 'zod';
import { dec } from './money.ts';
import { tokenKindSchema } from './catalogue.ts';
import {
  amountSchema,
  networkCodeSchema,
  positiveAmountSchema,
  tokenCodeSchema,
} from './validation.ts';
import { DECIMAL_PATTERN } from './money.ts';

/**
 * Schemas of the back office's catalogue: tokens, their networks, prices and fee rules
 * (/admin/manager-tokens, /admin/manager-tokens/:coinName, /admin/add-token, /admin/rate-setting).
 * Field messages are keys of FIELD_MESSAGES (messages/catalogue-admin.ts).
 */

export const PRICE_SOURCES = ['manual', 'exchange'] as const;
export const priceSourceSchema = z.enum(PRICE_SOURCES);
export type PriceSource = z.infer<typeof priceSourceSchema>;

/** The band the terms of service promise; the rate screen warns outside it, the server accepts 0 <= rate < 50. */
export const FEE_RATE_WARNING_BAND = { min: '3', max: '10' } as const;
export const FEE_RATE_MAX_EXCLUSIVE = '50';

/** A fee percentage: decimal string, 0 <= rate < 50, at most 4 decimal places. */
export const feeRateSchema = z
  .string({ error: 'feeRate.invalid' })
  .trim()
  .regex(/^\d{1,2}(\.\d{1,4})?$/, { error: 'feeRate.invalid' })
  .refine(
    (value) => !/^\d{1,2}(\.\d{1,4})?$/.test(value) || dec(value).lt(FEE_RATE_MAX_EXCLUSIVE),
    {
      error: 'feeRate.range',
    },
  );

/** Whether a valid rate lies outside the 3%..10% band of the terms (the screen warns, never refuses). */
export function isFeeRateOutsideBand(rate: string): boolean {
  if (!/^\d+(\.\d+)?$/.test(rate.trim())) return false;
  const value = dec(rate.trim());
  return value.lt(FEE_RATE_WARNING_BAND.min) || value.gt(FEE_RATE_WARNING_BAND.max);
}

/** Exchange ticker symbol: one pair (USDTBRL) or a product of two (ETHUSDT*USDTBRL). */
export const exchangeSymbolSchema = z
  .string({ error: 'exchangeSymbol.invalid' })
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(
    z.string().regex(/^[A-Z0-9]{2,20}(\*[A-Z0-9]{2,20})?$/, { error: 'exchangeSymbol.invalid' }),
  );

const optionalText = (max: number) =>
  z
    .string({ error: 'field.invalid' })
    .trim()
    .max(max, { error: 'catalogueText.tooLong' })
    .nullish()
    .transform((value) => (value ? value : null));

const regexText = z
  .string({ error: 'regex.invalid' })
  .trim()
  .max(300, { error: 'regex.invalid' })
  .nullish()
  .transform((value) => (value ? value : null))
  .refine(
    (value) => {
      if (value === null) return true;
      try {
        new RegExp(value);
        return true;
      } catch {
        return false;
      }
    },
    { error: 'regex.invalid' },
  );

const nonNegativeAmount = z
  .string({ error: 'amount.invalid' })
  .trim()
  .regex(DECIMAL_PATTERN, { error: 'amount.invalid' });

const optionalMax = z
  .string({ error: 'amount.invalid' })
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || (DECIMAL_PATTERN.test(value) && /[1-9]/.test(value)), {
    error: 'amount.invalid',
  });

const nonNegativeInt = (max: number) =>
  z.coerce
    .number({ error: 'integer.invalid' })
    .int({ error: 'integer.invalid' })
    .min(0, { error: 'integer.invalid' })
    .max(max, { error: 'integer.invalid' });

// --- networks -------------------------------------------------------------------------------

/** Every field of a network an admin may set (create and update). */
const networkFields = {
  name: z
    .string({ error: 'field.required' })
    .trim()
    .min(1, { error: 'field.required' })
    .max(80, { error: 'catalogueText.tooLong' }),
  enabled: z.boolean(),
  isDefault: z.boolean(),
  contractAddress: optionalText(200),
  minConfirmations: nonNegativeInt(10_000),
  depositEnabled: z.boolean(),
  withdrawEnabled: z.boolean(),
  withdrawFee: nonNegativeAmount,
  withdrawMin: nonNegativeAmount,
  withdrawMax: optionalMax,
  estimatedArrivalMinutes: nonNegativeInt(100_000)
    .nullish()
    .transform((v) => v ?? null),
  tip: optionalText(500),
  notice: optionalText(500),
  addressRegex: regexText,
  memoRegex: regexText,
  memoRequired: z.boolean(),
  depositAddress: optionalText(200),
  depositMemo: optionalText(100),
};

function maxNotBelowMin(
  value: { withdrawMin?: string | undefined; withdrawMax?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  const { withdrawMin, withdrawMax } = value;
  if (
    typeof withdrawMin === 'string' &&
    typeof withdrawMax === 'string' &&
    DECIMAL_PATTERN.test(withdrawMin) &&
    DECIMAL_PATTERN.test(withdrawMax) &&
    dec(withdrawMax).lt(withdrawMin)
  ) {
    ctx.addIssue({ code: 'custom', path: ['withdrawMax'], message: 'withdrawMax.belowMin' });
  }
}

export const networkCreateSchema = z
  .object({
    code: networkCodeSchema,
    ...networkFields,
    enabled: networkFields.enabled.default(true),
    isDefault: networkFields.isDefault.default(false),
    minConfirmations: networkFields.minConfirmations.default(0),
    depositEnabled: networkFields.depositEnabled.default(true),
    withdrawEnabled: networkFields.withdrawEnabled.default(true),
    withdrawFee: networkFields.withdrawFee.default('0'),
    withdrawMin: networkFields.withdrawMin.default('0'),
    memoRequired: networkFields.memoRequired.default(false),
  })
  .superRefine(maxNotBelowMin)
  .meta({ id: 'AdminNetworkCreate' });
export type NetworkCreateInput = z.input<typeof networkCreateSchema>;
export type NetworkCreate = z.output<typeof networkCreateSchema>;

export const networkUpdateSchema = z
  .object(networkFields)
  .partial()
  .superRefine(maxNotBelowMin)
  .meta({ id: 'AdminNetworkUpdate' });
export type NetworkUpdate = z.output<typeof networkUpdateSchema>;

export const adminNetworkSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    enabled: z.boolean(),
    isDefault: z.boolean(),
    contractAddress: z.string().nullable(),
    minConfirmations: z.number().int(),
    depositEnabled: z.boolean(),
    withdrawEnabled: z.boolean(),
    withdrawFee: amountSchema,
    withdrawMin: amountSchema,
    withdrawMax: amountSchema.nullable(),
    estimatedArrivalMinutes: z.number().int().nullable(),
    tip: z.string().nullable(),
    notice: z.string().nullable(),
    addressRegex: z.string().nullable(),
    memoRegex: z.string().nullable(),
    memoRequired: z.boolean(),
    depositAddress: z.string().nullable(),
    depositMemo: z.string().nullable(),
    syncedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminNetwork' });
export type AdminNetwork = z.infer<typeof adminNetworkSchema>;

// --- tokens ---------------------------------------------------------------------------------

export const tokenBalancesSchema = z.object({
  free: amountSchema.nullable(),
  locked: amountSchema.nullable(),
  freeze: amountSchema.nullable(),
  withdrawing: amountSchema.nullable(),
  ipoable: amountSchema.nullable(),
  ipoing: amountSchema.nullable(),
  storage: amountSchema.nullable(),
});

export const adminPriceSchema = z.object({
  priceBrl: amountSchema,
  source: priceSourceSchema,
  createdAt: z.string(),
});
export type AdminPrice = z.infer<typeof adminPriceSchema>;

export const adminTokenSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    kind: tokenKindSchema,
    precision: z.number().int(),
    enabled: z.boolean(),
    isLegalMoney: z.boolean(),
    trading: z.boolean(),
    sortOrder: z.number().int(),
    priceSource: priceSourceSchema,
    exchangeSymbol: z.string().nullable(),
    balances: tokenBalancesSchema,
    syncedAt: z.string().nullable(),
    /** the latest price row (the reference price), null when none */
    price: adminPriceSchema.nullable(),
    networks: z.array(adminNetworkSchema),
  })
  .meta({ id: 'AdminToken' });
export type AdminToken = z.infer<typeof adminTokenSchema>;

export const adminTokenListSchema = z.object({ items: z.array(adminTokenSchema) });
export type AdminTokenList = z.infer<typeof adminTokenListSchema>;

const tokenFields = {
  code: tokenCodeSchema,
  name: z
    .string({ error: 'field.required' })
    .trim()
    .min(1, { error: 'field.required' })
    .max(80, { error: 'catalogueText.tooLong' }),
  kind: tokenKindSchema,
  precision: z.coerce
    .number({ error: 'precision.invalid' })
    .int({ error: 'precision.invalid' })
    .min(0, { error: 'precision.invalid' })
    .max(18, { error: 'precision.invalid' }),
  enabled: z.boolean(),
  isLegalMoney: z.boolean(),
  trading: z.boolean(),
  sortOrder: z.coerce.number().int().min(0).max(10_000),
};

/** A new token with its networks ("select at least one network") and optionally its first price. */
export const tokenCreateSchema = z
  .object({
    ...tokenFields,
    enabled: tokenFields.enabled.default(true),
    isLegalMoney: tokenFields.isLegalMoney.default(false),
    trading: tokenFields.trading.default(true),
    sortOrder: tokenFields.sortOrder.default(0),
    priceSource: priceSourceSchema.default('manual'),
    exchangeSymbol: exchangeSymbolSchema.nullish().transform((v) => v ?? null),
    /** first manual price in BRL (optional) */
    priceBrl: positiveAmountSchema.nullish().transform((v) => v ?? null),
    networks: z
      .array(networkCreateSchema, { error: 'networks.required' })
      .min(1, { error: 'networks.required' })
      .max(50),
  })
  .superRefine((value, ctx) => {
    if (value.priceSource === 'exchange' && !value.exchangeSymbol) {
      ctx.addIssue({
        code: 'custom',
        path: ['exchangeSymbol'],
        message: 'exchangeSymbol.required',
      });
    }
    if (!Array.isArray(value.networks)) return;
    const codes = new Set<string>();
    value.networks.forEach((network, index) => {
      if (codes.has(network.code)) {
        ctx.addIssue({
          code: 'custom',
          path: ['networks', index, 'code'],
          message: 'network.duplicate',
        });
      }
      codes.add(network.code);
    });
    if (value.networks.filter((n) => n.isDefault).length > 1) {
      ctx.addIssue({ code: 'custom', path: ['networks'], message: 'network.oneDefault' });
    }
  })
  .meta({ id: 'AdminTokenCreate' });
export type TokenCreateInput = z.input<typeof tokenCreateSchema>;
export type TokenCreate = z.output<typeof tokenCreateSchema>;

export const tokenUpdateSchema = z.object(tokenFields).partial().meta({ id: 'AdminTokenUpdate' });
export type TokenUpdate = z.output<typeof tokenUpdateSchema>;

export const enabledSchema = z.object({ enabled: z.boolean() });

export const tokenParamsSchema = z.object({ coinName: tokenCodeSchema });
export const networkParamsSchema = z.object({
  coinName: tokenCodeSchema,
  network: networkCodeSchema,
});

// --- prices ---------------------------------------------------------------------------------

export const manualPriceSchema = z.object({
  priceBrl: positiveAmountSchema,
  /**
   * The second step of a big change: a price further from the current one than the settings'
   * manualPriceConfirmPercent is refused (409 PRICE_CHANGE_UNCONFIRMED) unless this is true.
   */
  confirm: z.boolean({ error: 'field.invalid' }).optional().default(false),
});
export type ManualPriceInput = z.input<typeof manualPriceSchema>;

/**
 * The params of a PRICE_CHANGE_UNCONFIRMED answer: what the confirming step shows. The sample
 * is at the reference price, before fees: `sampleUnits` of the token in reais at the old and the
 * new price, and how many units `sampleBrl` reais buy at each.
 */
export const priceChangeCheckSchema = z.object({
  token: z.string(),
  oldPriceBrl: amountSchema,
  newPriceBrl: amountSchema,
  /** signed, two decimals: "900" for 5.45 -> 54.5, "-50" for a halving */
  changePercent: z.string(),
  thresholdPercent: z.number().int(),
  sampleUnits: amountSchema,
  sampleBrlBefore: amountSchema,
  sampleBrlAfter: amountSchema,
  sampleBrl: amountSchema,
  sampleUnitsBefore: amountSchema,
  sampleUnitsAfter: amountSchema,
});
export type PriceChangeCheck = z.infer<typeof priceChangeCheckSchema>;

/** A feed price held for an admin's decision (GET /api/v1/admin/price-holds). */
export const priceHoldSchema = z
  .object({
    tokenCode: z.string(),
    tokenName: z.string(),
    /** the accepted price the feed price was compared with */
    previousPriceBrl: amountSchema,
    /** the latest held feed price */
    priceBrl: amountSchema,
    changePercent: z.string(),
    heldAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'PriceHold' });
export type PriceHold = z.infer<typeof priceHoldSchema>;

export const priceHoldListSchema = z.object({ items: z.array(priceHoldSchema) });
export type PriceHoldList = z.infer<typeof priceHoldListSchema>;

/** Accepting names the price the admin saw: a hold that moved since is a 409, not applied. */
export const priceHoldAcceptSchema = z.object({ priceBrl: positiveAmountSchema });

export const priceSourceUpdateSchema = z
  .object({
    source: priceSourceSchema,
    exchangeSymbol: exchangeSymbolSchema.nullish().transform((v) => v ?? null),
  })
  .superRefine((value, ctx) => {
    if (value.source === 'exchange' && !value.exchangeSymbol) {
      ctx.addIssue({
        code: 'custom',
        path: ['exchangeSymbol'],
        message: 'exchangeSymbol.required',
      });
    }
  });

export const priceHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(5).max(100).default(20),
});

export const priceHistoryItemSchema = z.object({
  id: z.number().int(),
  priceBrl: amountSchema,
  source: priceSourceSchema,
  createdAt: z.string(),
});
export type PriceHistoryItem = z.infer<typeof priceHistoryItemSchema>;

export const priceHistorySchema = z.object({
  items: z.array(priceHistoryItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type PriceHistory = z.infer<typeof priceHistorySchema>;

export const priceRefreshResultSchema = z.object({
  updated: z.array(z.object({ code: z.string(), priceBrl: amountSchema })),
  /** feed prices that jumped beyond the hold percentage: kept for an admin, not applied */
  held: z.array(
    z.object({ code: z.string(), priceBrl: amountSchema, previousPriceBrl: amountSchema }),
  ),
  skipped: z.array(z.object({ code: z.string(), reason: z.string() })),
});
export type PriceRefreshResult = z.infer<typeof priceRefreshResultSchema>;

// --- sync from the exchange -----------------------------------------------------------------

export const catalogueSyncResultSchema = z.object({
  message: z.string(),
  tokensCreated: z.array(z.string()),
  tokensUpdated: z.number().int(),
  networksCreated: z.array(z.string()),
  networksUpdated: z.number().int(),
  skipped: z.array(z.string()),
});
export type CatalogueSyncResult = z.infer<typeof catalogueSyncResultSchema>;

// --- fee rules ------------------------------------------------------------------------------

export const feeRuleSchema = z.object({
  id: z.string(),
  send: z.string(),
  receive: z.string(),
  rate: z.string(),
  updatedAt: z.string(),
});
export type FeeRule = z.infer<typeof feeRuleSchema>;

export const feeRulesSchema = z
  .object({
    general: z.object({ rate: z.string(), updatedAt: z.string() }).nullable(),
    pairs: z.array(feeRuleSchema),
    band: z.object({ min: z.string(), max: z.string() }),
  })
  .meta({ id: 'FeeRules' });
export type FeeRules = z.infer<typeof feeRulesSchema>;

export const generalFeeSchema = z.object({ rate: feeRateSchema });

export const feeRuleCreateSchema = z
  .object({
    send: tokenCodeSchema,
    receive: tokenCodeSchema,
    rate: feeRateSchema,
  })
  .superRefine((value, ctx) => {
    if (value.send === value.receive) {
      ctx.addIssue({ code: 'custom', path: ['receive'], message: 'feeRule.sameToken' });
    }
  });
export type FeeRuleCreateInput = z.input<typeof feeRuleCreateSchema>;

export const feeRuleUpdateSchema = z.object({ rate: feeRateSchema });

export const feeRuleParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** A success answer carrying the message to show (toast) in the caller's language. */
export const catalogueMessageSchema = z.object({ message: z.string() });
