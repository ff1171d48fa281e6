import { z } from 'zod';
import { addCalendarDays, isBusinessDay, isoDate, localDateOf } from './business-days.ts';
import type { CalendarDate } from './business-days.ts';
import { zonedTimeToUtc } from './operating-hours.ts';

/**
 * The DeCripto (Declaração de Criptoativos, IN RFB 2.291/2025): the monthly report of the
 * operations of a crypto-asset service provider to the Receita Federal (decision 067). Months are
 * Brasília calendar months, `YYYY-MM`.
 */
export const DECRIPTO_TIME_ZONE = 'America/Sao_Paulo';

/** The IN 2.291 applies to operations from 1 July 2026: no report before. */
export const DECRIPTO_FIRST_MONTH = '2026-07';

/** Our own layout, versioned (the official v1.0 of ADE Copes nº 2/2026 could not be verified). */
export const DECRIPTO_LAYOUT = 'permuta-decripto-1';

export const DECRIPTO_STATUSES = ['draft', 'sent'] as const;
export type DecriptoStatus = (typeof DECRIPTO_STATUSES)[number];

/** How an order is declared: the customer bought, sold or swapped crypto-assets. */
export const DECRIPTO_OPERATION_TYPES = ['compra', 'venda', 'permuta'] as const;
export type DecriptoOperationType = (typeof DECRIPTO_OPERATION_TYPES)[number];

/** Quantities are declared with at most 10 decimal places (the rule's precision). */
export const DECRIPTO_QUANTITY_PLACES = 10;

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: string): boolean {
  return MONTH_PATTERN.test(value);
}

/** The Brasília month of an instant. */
export function decriptoMonthOf(instant: Date): string {
  return isoDate(localDateOf(instant, DECRIPTO_TIME_ZONE)).slice(0, 7);
}

export function addMonths(month: string, months: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function firstDay(month: string): CalendarDate {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return { year, month: mon, day: 1 };
}

/** The instants the month begins and the next begins, in Brasília: [from, to). */
export function decriptoMonthInterval(month: string): { from: Date; to: Date } {
  const start = firstDay(month);
  const next = firstDay(addMonths(month, 1));
  return {
    from: zonedTimeToUtc({ ...start, hour: 0, minute: 0 }, DECRIPTO_TIME_ZONE),
    to: zonedTimeToUtc({ ...next, hour: 0, minute: 0 }, DECRIPTO_TIME_ZONE),
  };
}

/** The last month that has ended in Brasília at `now`. */
export function lastClosedMonth(now: Date): string {
  return addMonths(decriptoMonthOf(now), -1);
}

/**
 * The due date of a month's report: the last business day of the following month (national
 * holidays as the boleto's calendar counts them), `YYYY-MM-DD`.
 */
export function decriptoDueDate(month: string): string {
  let day = addCalendarDays(firstDay(addMonths(month, 2)), -1);
  while (!isBusinessDay(day)) day = addCalendarDays(day, -1);
  return isoDate(day);
}

export const decriptoMonthSchema = z
  .string({ error: 'decripto.month.invalid' })
  .max(7, { error: 'decripto.month.invalid' })
  .refine(isMonth, { error: 'decripto.month.invalid' })
  .refine((month) => month >= DECRIPTO_FIRST_MONTH, { error: 'decripto.month.tooOld' })
  .meta({ example: '2026-07' });

export const decriptoMonthParamsSchema = z.object({ month: decriptoMonthSchema });

export const decriptoVersionParamsSchema = z.object({
  month: decriptoMonthSchema,
  version: z.coerce
    .number({ error: 'field.invalid' })
    .int({ error: 'field.invalid' })
    .min(1, { error: 'field.invalid' })
    .max(9999, { error: 'field.invalid' }),
});

export const decriptoMarkSentSchema = z.object({
  /** the number of the Receita's receipt (recibo de entrega) */
  receipt: z
    .string({ error: 'decripto.receipt.invalid' })
    .trim()
    .regex(/^[0-9A-Za-z][0-9A-Za-z.\-/]{0,59}$/, { error: 'decripto.receipt.invalid' }),
});
export type DecriptoMarkSent = z.input<typeof decriptoMarkSentSchema>;

export const decriptoReportSchema = z
  .object({
    id: z.string(),
    month: z.string(),
    version: z.number().int(),
    layout: z.string(),
    /** SHA-256 of the file, lowercase hex */
    sha256: z.string(),
    size: z.number().int(),
    operations: z.number().int(),
    holders: z.number().int(),
    /** sums of the operations' values and fees in reais, exact (`1234.56`) */
    totalValueBrl: z.string(),
    totalFeesBrl: z.string(),
    status: z.enum(DECRIPTO_STATUSES),
    receipt: z.string().nullable(),
    generatedBy: z.string().nullable(),
    /** the admin's username; null when the monthly job generated it */
    generatedByName: z.string().nullable(),
    generatedAt: z.iso.datetime(),
    sentAt: z.iso.datetime().nullable(),
    sentBy: z.string().nullable(),
  })
  .meta({ id: 'DecriptoReport' });
export type DecriptoReport = z.infer<typeof decriptoReportSchema>;

export const decriptoMonthSchemaOut = z.object({
  month: z.string(),
  /** last business day of the following month */
  dueDate: z.string(),
  /** `missing`: never generated; else the newest version's status */
  state: z.enum(['missing', 'draft', 'sent']),
  /** newest first */
  versions: z.array(decriptoReportSchema),
});
export type DecriptoMonth = z.infer<typeof decriptoMonthSchemaOut>;

export const decriptoMonthsSchema = z
  .object({
    layout: z.string(),
    /** the official layout was not verified: the file is for checking, not for transmission */
    officialLayoutVerified: z.boolean(),
    /** newest first, from the last closed month down to DECRIPTO_FIRST_MONTH */
    months: z.array(decriptoMonthSchemaOut),
  })
  .meta({ id: 'DecriptoMonths' });
export type DecriptoMonths = z.infer<typeof decriptoMonthsSchema>;
