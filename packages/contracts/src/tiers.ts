import { z } from 'zod';
import { dec, floorTo } from './money.ts';
import { localParts, zonedTimeToUtc } from './operating-hours.ts';
import { documentSchema } from './accounts.ts';
import { amountSchema } from './validation.ts';

/**
 * KYC levels (decision 062): 1 e-mail validated, 2 documents approved, 3 enhanced (proof of
 * income and source of funds approved, with a declaration). Each level has a daily and a monthly
 * limit in BRL (settings); the day and the month are America/Sao_Paulo's.
 */
export const TIER_LEVELS = [1, 2, 3] as const;
export type TierLevel = (typeof TIER_LEVELS)[number];

// The identity documents (level 2) are DOCUMENT_TYPES and the enhanced verification's (level 3)
// ENHANCED_DOCUMENT_TYPES, both in accounts.ts with the other document kinds.

/** Monthly income ranges a customer declares, BRL. */
export const INCOME_RANGES = [
  'up_to_5k',
  '5k_to_20k',
  '20k_to_50k',
  '50k_to_200k',
  'over_200k',
] as const;
export type IncomeRange = (typeof INCOME_RANGES)[number];

/** The settings of the limits per level. */
export interface TierLimitSettings {
  tier1DailyBrl: string;
  tier1MonthlyBrl: string;
  tier2DailyBrl: string;
  tier2MonthlyBrl: string;
  tier3DailyBrl: string;
  tier3MonthlyBrl: string;
}

export function tierLimits(
  settings: TierLimitSettings,
  level: TierLevel,
): { dailyBrl: string; monthlyBrl: string } {
  const [daily, monthly] =
    level === 1
      ? [settings.tier1DailyBrl, settings.tier1MonthlyBrl]
      : level === 2
        ? [settings.tier2DailyBrl, settings.tier2MonthlyBrl]
        : [settings.tier3DailyBrl, settings.tier3MonthlyBrl];
  return { dailyBrl: dec(daily).toFixed(), monthlyBrl: dec(monthly).toFixed() };
}

/** The calendar month of `now` in `timeZone`, as UTC instants [from, to). */
export function calendarMonth(now: Date, timeZone: string): { from: Date; to: Date } {
  const { year, month } = localParts(now, timeZone);
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  return {
    from: zonedTimeToUtc({ year, month, day: 1, hour: 0, minute: 0 }, timeZone),
    to: zonedTimeToUtc({ year: nextYear, month: nextMonth, day: 1, hour: 0, minute: 0 }, timeZone),
  };
}

/** What is left of `limitBrl` after `usedBrl` (never below zero), down to the cent. */
export function tierRemaining(limitBrl: string, usedBrl: string): string {
  const rest = dec(limitBrl).minus(usedBrl);
  return rest.lt(0) ? '0.00' : floorTo(rest, 2).toFixed(2);
}

/**
 * The first of the level's limits an order of `valueBrl` would break (the day's first, then the
 * month's), with what is left of it; null when the order fits both. An order equal to what is
 * left fits; one centavo more does not.
 */
export function tierLimitBroken(
  limits: { dailyBrl: string; monthlyBrl: string },
  used: { todayBrl: string; monthBrl: string },
  valueBrl: string,
): { period: 'daily' | 'monthly'; limitBrl: string; remainingBrl: string } | null {
  const today = tierRemaining(limits.dailyBrl, used.todayBrl);
  if (dec(valueBrl).gt(today)) {
    return { period: 'daily', limitBrl: limits.dailyBrl, remainingBrl: today };
  }
  const month = tierRemaining(limits.monthlyBrl, used.monthBrl);
  if (dec(valueBrl).gt(month)) {
    return { period: 'monthly', limitBrl: limits.monthlyBrl, remainingBrl: month };
  }
  return null;
}

/** Where the customer raises their level: the screen of the next step. */
export const TIER_UPGRADE_PATHS = {
  1: '/validate-email',
  2: '/profile/documents',
  3: '/profile/limits',
} as const satisfies Record<TierLevel, string>;

const enhancedRequestStatus = z.enum(['none', 'uploaded', 'approved', 'rejected']);

/** GET /api/v1/profile/limits: the level, its limits, what is used and left, and the next step. */
export const tierLimitsViewSchema = z
  .object({
    /** 0 until the e-mail is validated */
    level: z.number().int().min(0).max(3),
    /** whether orders need documents approved (settings), i.e. level 1 cannot order */
    documentsRequired: z.boolean(),
    dailyBrl: amountSchema,
    monthlyBrl: amountSchema,
    usedTodayBrl: amountSchema,
    usedMonthBrl: amountSchema,
    remainingTodayBrl: amountSchema,
    remainingMonthBrl: amountSchema,
    levels: z.array(
      z.object({
        level: z.number().int(),
        dailyBrl: amountSchema,
        monthlyBrl: amountSchema,
      }),
    ),
    enhanced: z.object({
      /** the enhanced request: none sent, waiting for review, approved, or rejected */
      status: enhancedRequestStatus,
      /** the current document of each enhanced type sent so far */
      documents: z.array(documentSchema),
      declaration: z
        .object({ incomeRange: z.enum(INCOME_RANGES), occupation: z.string() })
        .nullable(),
    }),
  })
  .meta({ id: 'TierLimits' });
export type TierLimitsView = z.infer<typeof tierLimitsViewSchema>;

/** PUT /api/v1/profile/enhanced-declaration */
export const enhancedDeclarationSchema = z
  .object({
    incomeRange: z.enum(INCOME_RANGES, { error: 'field.invalid' }),
    occupation: z
      .string({ error: 'field.required' })
      .trim()
      .min(2, { error: 'field.required' })
      .max(100, { error: 'field.invalid' })
      // no control characters (NUL and friends)
      .regex(/^[^\p{Cc}]+$/u, { error: 'field.invalid' }),
  })
  .meta({ id: 'EnhancedDeclaration' });
export type EnhancedDeclarationInput = z.infer<typeof enhancedDeclarationSchema>;
