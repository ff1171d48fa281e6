import { z } from 'zod';
import './zod-config.ts';
import type { AdminRole } from './admin-roles.ts';
import { addBusinessDays, isoDate } from './business-days.ts';
import { dec } from './money.ts';

/**
 * Anti-money-laundering rules and the case queue (decision 066). Back office only: a customer
 * never learns of an alert or a case (tipping-off is forbidden, Lei 9.613/1998 art. 11 II), so no
 * customer route, e-mail or personal-data export names them.
 * - GET  /api/v1/admin/compliance/cases              complianceCaseQuerySchema -> complianceCasePageSchema
 * - GET  /api/v1/admin/compliance/cases/:id          -> complianceCaseSchema
 * - POST /api/v1/admin/compliance/cases/:id/notes    complianceNoteInputSchema -> complianceCaseSchema
 * - POST /api/v1/admin/compliance/cases/:id/decision complianceDecisionInputSchema -> complianceCaseSchema
 * - GET  /api/v1/admin/compliance/summary            -> complianceSummarySchema
 * - POST /api/v1/admin/compliance/declarations       coafDeclarationInputSchema -> coafDeclarationSchema
 */

export const COMPLIANCE_RULES = [
  'structuring',
  'third_party_payer',
  'volume_spike',
  'new_wallets',
] as const;
export type ComplianceRule = (typeof COMPLIANCE_RULES)[number];

export const CASE_STATUSES = ['open', 'under_analysis', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const CASE_DECISIONS = ['dismissed', 'reported'] as const;
export type CaseDecision = (typeof CASE_DECISIONS)[number];

/** The least role of the case queue (the decision records why) and of the yearly declaration. */
export const COMPLIANCE_ROLE: AdminRole = 'finance';
export const DECLARATION_ROLE: AdminRole = 'owner';

/** The calendar of windows, months and years of the rules and the declaration. */
export const COMPLIANCE_TIME_ZONE = 'America/Sao_Paulo';
/** How long every record of this module is kept (Lei 9.613/1998 art. 10 § 2). */
export const COMPLIANCE_RETENTION_YEARS = 5;
/** The volume rule's windows: the last 30 days against the 6 months (of 30 days) before. */
export const VOLUME_RECENT_DAYS = 30;
export const VOLUME_HISTORY_MONTHS = 6;
/** Business days of January to make the yearly declaration in (see deadline below). */
export const DECLARATION_BUSINESS_DAYS = 10;

export interface ComplianceThresholds {
  complianceStructuringOrders: number;
  complianceStructuringMarginPercent: number;
  complianceWindowDays: number;
  complianceVolumeMultiple: number;
  complianceVolumeMinBrl: string;
  complianceFirstMonthBrl: string;
  complianceNewWallets: number;
}

// --- the rules: pure, one place --------------------------------------------------------------

export interface LimitRef {
  /** order_limit | two_factor | level_daily */
  name: string;
  limitBrl: string;
}

export interface ValuedOrder {
  id: string;
  valueBrl: string;
}

export interface StructuringHit {
  limit: string;
  limitBrl: string;
  floorBrl: string;
  totalBrl: string;
  orderIds: string[];
}

/**
 * Structuring: `complianceStructuringOrders` or more orders of the window each just under one
 * limit (from `limit × (1 - margin%)` up to the limit itself, which an order may equal) and
 * together above it. The first limit (in the given order) that is broken wins. `orders` are the
 * window's orders; a limit of 0 (e.g. two-factor off) is no limit.
 */
export function structuringHit(
  orders: readonly ValuedOrder[],
  limits: readonly LimitRef[],
  t: Pick<
    ComplianceThresholds,
    'complianceStructuringOrders' | 'complianceStructuringMarginPercent'
  >,
): StructuringHit | null {
  for (const limit of limits) {
    const top = dec(limit.limitBrl);
    if (!top.gt(0)) continue;
    const floor = top.times(100 - t.complianceStructuringMarginPercent).div(100);
    const under = orders.filter((o) => dec(o.valueBrl).gte(floor) && dec(o.valueBrl).lte(top));
    if (under.length < t.complianceStructuringOrders) continue;
    const total = under.reduce((sum, o) => sum.plus(o.valueBrl), dec(0));
    if (!total.gt(top)) continue;
    return {
      limit: limit.name,
      limitBrl: top.toFixed(2),
      floorBrl: floor.toFixed(2),
      totalBrl: total.toFixed(2),
      orderIds: under.map((o) => o.id),
    };
  }
  return null;
}

/** A CPF/CNPJ as compared: digits and letters (the 2026 alphanumeric CNPJ), upper case. */
export function documentKey(text: string | null | undefined): string {
  return (text ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/**
 * Payer not the customer: the provider named the payer's CPF/CNPJ and it is none of the
 * customer's own documents (the CPF, the retained CPF, a business customer's CNPJ). A payment
 * whose payer the provider did not name is not a hit (nothing to compare).
 */
export function thirdPartyPayer(
  payerDocument: string | null | undefined,
  ownDocuments: readonly (string | null | undefined)[],
): boolean {
  const payer = documentKey(payerDocument);
  if (!payer) return false;
  return !ownDocuments.some((own) => documentKey(own) === payer);
}

export interface VolumeFacts {
  /** value of the last 30 days' orders, this one included */
  recentBrl: string;
  /** value of the 180 days before those 30 */
  historyBrl: string;
}

export interface VolumeHit {
  kind: 'above_history' | 'first_month';
  recentBrl: string;
  averageMonthBrl: string;
  thresholdBrl: string;
}

/**
 * Volume far above history: with history (anything in the 6 months before), the last 30 days
 * above `multiple ×` the average month of those 6 and at least the minimum; without history,
 * the last 30 days above the first-month threshold. Equal to a threshold is not above it.
 */
export function volumeSpike(
  facts: VolumeFacts,
  t: Pick<
    ComplianceThresholds,
    'complianceVolumeMultiple' | 'complianceVolumeMinBrl' | 'complianceFirstMonthBrl'
  >,
): VolumeHit | null {
  const recent = dec(facts.recentBrl);
  const history = dec(facts.historyBrl);
  if (!history.gt(0)) {
    const threshold = dec(t.complianceFirstMonthBrl);
    return recent.gt(threshold)
      ? {
          kind: 'first_month',
          recentBrl: recent.toFixed(2),
          averageMonthBrl: '0.00',
          thresholdBrl: threshold.toFixed(2),
        }
      : null;
  }
  const average = history.div(VOLUME_HISTORY_MONTHS);
  const multiple = average.times(t.complianceVolumeMultiple);
  const minimum = dec(t.complianceVolumeMinBrl);
  const threshold = multiple.gt(minimum) ? multiple : minimum;
  if (!recent.gt(multiple) || recent.lt(minimum)) return null;
  return {
    kind: 'above_history',
    recentBrl: recent.toFixed(2),
    averageMonthBrl: average.toFixed(2),
    thresholdBrl: threshold.toFixed(2),
  };
}

/** Many new wallets: `complianceNewWallets` or more wallets created in the window and used. */
export function manyNewWallets(
  usedNewWallets: number,
  t: Pick<ComplianceThresholds, 'complianceNewWallets'>,
): boolean {
  return usedNewWallets >= t.complianceNewWallets;
}

// --- the yearly declaration ------------------------------------------------------------------

/**
 * The deadline of the "comunicação de não ocorrência" of `year`: the 10th business day of the
 * next January (Circular BCB 3.978/2020, as read in decision 066; COAF's own rule for the sectors
 * it supervises is 31 January, later, so this one is the one to keep).
 */
export function declarationDeadline(year: number): string {
  // the 10th business day counted from 31 December: business days of January only
  return isoDate(addBusinessDays({ year, month: 12, day: 31 }, DECLARATION_BUSINESS_DAYS));
}

// --- API schemas -----------------------------------------------------------------------------

const CASE_CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The keyset position after a page's last case: `<created_at to the microsecond>_<id>`. */
export function parseCaseCursor(cursor: string): { createdAt: string; id: string } | null {
  const match = CASE_CURSOR.exec(cursor);
  if (!match?.[1] || !match[2]) return null;
  const year = Number(match[1].slice(0, 4));
  if (year < 2000 || year > 2099) return null;
  if (!z.iso.datetime({ precision: 6 }).safeParse(match[1]).success) return null;
  return { createdAt: match[1], id: match[2] };
}

export const complianceCaseQuerySchema = z.object({
  status: z.enum(CASE_STATUSES, { error: 'field.invalid' }).optional(),
  rule: z.enum(COMPLIANCE_RULES, { error: 'field.invalid' }).optional(),
  /** part of the customer's name, e-mail or CPF */
  customer: z.string().trim().max(100, { error: 'field.invalid' }).optional(),
  cursor: z
    .string()
    .max(100, { error: 'cursor.invalid' })
    .refine((value) => parseCaseCursor(value) !== null, { error: 'cursor.invalid' })
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ComplianceCaseQuery = z.input<typeof complianceCaseQuerySchema>;

export const complianceIdParamsSchema = z.object({ id: z.uuid({ error: 'field.invalid' }) });

const customerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** the CPF, or the retained CPF of an anonymised account */
  cpf: z.string().nullable(),
  anonymized: z.boolean(),
});

export const complianceCaseItemSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(CASE_STATUSES),
    decision: z.enum(CASE_DECISIONS).nullable(),
    customer: customerSchema,
    rules: z.array(z.enum(COMPLIANCE_RULES)),
    alerts: z.number().int(),
    createdAt: z.iso.datetime(),
    lastAlertAt: z.iso.datetime(),
  })
  .meta({ id: 'ComplianceCaseItem' });
export type ComplianceCaseItem = z.infer<typeof complianceCaseItemSchema>;

export const complianceCasePageSchema = z
  .object({ items: z.array(complianceCaseItemSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'ComplianceCasePage' });
export type ComplianceCasePage = z.infer<typeof complianceCasePageSchema>;

export const complianceAlertSchema = z.object({
  id: z.uuid(),
  rule: z.enum(COMPLIANCE_RULES),
  orders: z.array(z.object({ id: z.uuid(), reference: z.string() })),
  facts: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
});
export type ComplianceAlert = z.infer<typeof complianceAlertSchema>;

export const complianceNoteSchema = z.object({
  id: z.uuid(),
  author: z.string(),
  text: z.string(),
  createdAt: z.iso.datetime(),
});

export const complianceCaseSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(CASE_STATUSES),
    customer: customerSchema,
    alerts: z.array(complianceAlertSchema),
    notes: z.array(complianceNoteSchema),
    decision: z
      .object({
        kind: z.enum(CASE_DECISIONS),
        text: z.string(),
        protocol: z.string().nullable(),
        reportedOn: z.iso.date().nullable(),
        by: z.string(),
        at: z.iso.datetime(),
      })
      .nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ComplianceCase' });
export type ComplianceCase = z.infer<typeof complianceCaseSchema>;

const caseText = z
  .string({ error: 'compliance.text.required' })
  .trim()
  .min(3, { error: 'compliance.text.required' })
  .max(5000, { error: 'compliance.text.tooLong' });

const protocolSchema = z
  .string({ error: 'compliance.protocol.invalid' })
  .trim()
  .regex(/^[0-9A-Za-z./-]{3,40}$/, { error: 'compliance.protocol.invalid' });

/** A day in Brazil from 2020 to today's year + 1 (a day after today is refused by the service). */
const daySchema = z.iso
  .date({ error: 'compliance.day.invalid' })
  .refine((value) => value >= '2020-01-01' && value <= '2999-12-31', {
    error: 'compliance.day.invalid',
  });

export const complianceNoteInputSchema = z.object({ text: caseText });
export type ComplianceNoteInput = z.input<typeof complianceNoteInputSchema>;

export const complianceDecisionInputSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('dismissed'), text: caseText }),
    z.object({
      decision: z.literal('reported'),
      text: caseText,
      protocol: protocolSchema,
      reportedOn: daySchema,
    }),
  ],
  { error: 'field.invalid' },
);
export type ComplianceDecisionInput = z.input<typeof complianceDecisionInputSchema>;

export const coafDeclarationInputSchema = z.object({
  year: z.coerce
    .number({ error: 'compliance.year.invalid' })
    .int({ error: 'compliance.year.invalid' })
    .min(2020, { error: 'compliance.year.invalid' })
    .max(2999, { error: 'compliance.year.invalid' }),
  sentOn: daySchema,
  protocol: protocolSchema,
});
export type CoafDeclarationInput = z.input<typeof coafDeclarationInputSchema>;

export const coafDeclarationSchema = z
  .object({
    year: z.number().int(),
    sentOn: z.iso.date(),
    protocol: z.string(),
    recordedBy: z.string(),
    recordedAt: z.iso.datetime(),
  })
  .meta({ id: 'CoafDeclaration' });
export type CoafDeclaration = z.infer<typeof coafDeclarationSchema>;

export const complianceSummarySchema = z
  .object({
    openCases: z.number().int(),
    /** the declaration to make now (the previous year's), or null when none is owed */
    declarationDue: z
      .object({ year: z.number().int(), deadline: z.iso.date(), overdue: z.boolean() })
      .nullable(),
    declarations: z.array(coafDeclarationSchema),
  })
  .meta({ id: 'ComplianceSummary' });
export type ComplianceSummary = z.infer<typeof complianceSummarySchema>;
