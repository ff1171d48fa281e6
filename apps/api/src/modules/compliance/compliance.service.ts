import {
  COMPLIANCE_TIME_ZONE,
  VOLUME_HISTORY_MONTHS,
  VOLUME_RECENT_DAYS,
  declarationDeadline,
  manyNewWallets,
  orderValueBrl,
  parseCaseCursor,
  structuringHit,
  thirdPartyPayer,
  tierLimits,
  volumeSpike,
} from '@permuta/contracts';
import type {
  CaseDecision,
  CaseStatus,
  CoafDeclaration,
  ComplianceCase,
  ComplianceCasePage,
  ComplianceRule,
  ComplianceSummary,
  complianceCaseQuerySchema,
  complianceDecisionInputSchema,
  coafDeclarationInputSchema,
} from '@permuta/contracts';
import { isoDate, localDateOf } from '@permuta/contracts/business-days';
import { zonedTimeToUtc } from '@permuta/contracts/operating-hours';
import { customerLevel } from '@permuta/db';
import type { Db, Settings, Tx } from '@permuta/db';
import type { z } from 'zod';
import { AppError, badRequest, notFound, unprocessable } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import * as repo from './compliance.repository.ts';

/** The admin acting, and from where (for the audit log). */
export interface ComplianceCaller {
  userId: string;
  username: string;
  ip: string;
}

/** The e-mail of the yearly reminder, queued in the claiming transaction (sent once it commits). */
export type QueueReminder = (
  tx: Tx,
  reminder: { year: number; deadline: string; link: string },
) => Promise<void>;

export interface ComplianceDeps {
  db: Db;
  now: () => Date;
  publicUrl: string;
  /** the reminder's e-mail to the back office's address; absent: the reminder shows on screens only */
  queueReminder?: QueueReminder;
}

/** An order just created, as the creation transaction knows it. */
export interface CreatedOrder {
  id: string;
  userId: string;
  walletId: string | null;
  amountSend: string;
  priceSendBrl: string;
  createdAt: Date;
}

/** A payment of an order, as its provider reported it (decision 036). */
export interface DecidedPayment {
  id: string;
  provider: string;
  amount: string;
  tokenCode: string;
  payerDocument: string | null;
  payerName: string | null;
  occurredAt: Date;
}

const DAY_MS = 86_400_000;

type CaseQuery = z.output<typeof complianceCaseQuerySchema>;
type DecisionInput = z.output<typeof complianceDecisionInputSchema>;
type DeclarationInput = z.output<typeof coafDeclarationInputSchema>;

/** The São Paulo calendar year of `instant`, and its bounds as instants [from, to). */
function yearOf(instant: Date): number {
  return localDateOf(instant, COMPLIANCE_TIME_ZONE).year;
}
function yearBounds(year: number): { from: Date; to: Date } {
  const start = (y: number) =>
    zonedTimeToUtc({ year: y, month: 1, day: 1, hour: 0, minute: 0 }, COMPLIANCE_TIME_ZONE);
  return { from: start(year), to: start(year + 1) };
}
function todayOf(instant: Date): string {
  return isoDate(localDateOf(instant, COMPLIANCE_TIME_ZONE));
}
function monthKey(instant: Date): string {
  return todayOf(instant).slice(0, 7);
}

/**
 * The anti-money-laundering rules, their case queue and the yearly declaration (decision 066).
 * The rules run where their facts happen, in the same transaction: an order's creation
 * (structuring, volume, new wallets) and a provider's payment (a payer who is not the customer).
 * Every hit is an alert with a unique key of its facts, in the customer's one case not closed.
 */
export function createComplianceService(deps: ComplianceDeps) {
  const { db } = deps;

  /**
   * Records one hit: the alert in the customer's open case (made if none), audited; nothing when
   * the same facts alerted before. A savepoint undoes a case made for an alert that a concurrent
   * transaction wrote first.
   */
  async function raise(
    tx: Tx,
    hit: {
      userId: string;
      rule: ComplianceRule;
      dedupeKey: string;
      orderIds: string[];
      facts: Record<string, unknown>;
      at: Date;
    },
  ): Promise<void> {
    if (await repo.alertExists(tx, hit.dedupeKey)) return;
    await tx
      .transaction(async (savepoint) => {
        const found = await repo.openCaseFor(savepoint, hit.userId, hit.at);
        const alertId = await repo.insertAlert(savepoint, {
          caseId: found.id,
          userId: hit.userId,
          rule: hit.rule,
          dedupeKey: hit.dedupeKey,
          orderIds: hit.orderIds,
          facts: hit.facts,
          createdAt: hit.at,
        });
        if (!alertId) throw ALREADY_RAISED;
        await writeAudit(savepoint, {
          actorType: 'system',
          actorId: null,
          action: 'compliance.alert_raised',
          entityType: 'compliance_case',
          entityId: found.id,
          after: { alertId, rule: hit.rule, caseOpened: found.created },
        });
      })
      .catch((error: unknown) => {
        if (error !== ALREADY_RAISED) throw error;
      });
  }

  async function caseView(conn: Db | Tx, id: string): Promise<ComplianceCase> {
    const row = await repo.findCase(conn, id);
    if (!row) throw notFound();
    // one after the other: a transaction's connection runs one query at a time
    const customer = await repo.caseCustomer(conn, row.userId);
    const alerts = await repo.caseAlerts(conn, id);
    const notes = await repo.caseNotes(conn, id);
    const references = await repo.orderReferences(conn, [
      ...new Set(alerts.flatMap((alert) => alert.orderIds)),
    ]);
    return {
      id: row.id,
      status: row.status as CaseStatus,
      customer: customerOf(customer, row.userId),
      alerts: alerts.map((alert) => ({
        id: alert.id,
        rule: alert.rule as ComplianceRule,
        orders: alert.orderIds.map((orderId) => ({
          id: orderId,
          reference: references.get(orderId) ?? orderId,
        })),
        facts: alert.facts,
        createdAt: alert.createdAt.toISOString(),
      })),
      notes: notes.map((note) => ({
        id: note.id,
        author: note.authorName,
        text: note.body,
        createdAt: note.createdAt.toISOString(),
      })),
      decision:
        row.decision && row.decidedAt && row.decisionText !== null
          ? {
              kind: row.decision as CaseDecision,
              text: row.decisionText,
              protocol: row.protocol,
              reportedOn: row.reportedOn,
              by: row.decidedByName ?? '',
              at: row.decidedAt.toISOString(),
            }
          : null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** The declaration owed now (the previous São Paulo year's), or null. */
  async function declarationDue(
    conn: Db | Tx,
    now: Date,
  ): Promise<ComplianceSummary['declarationDue']> {
    const year = yearOf(now) - 1;
    if (await repo.findDeclaration(conn, year)) return null;
    if (await repo.reportedBetween(conn, `${year}-01-01`, `${year}-12-31`)) return null;
    const bounds = yearBounds(year);
    if (!(await repo.operatedBetween(conn, bounds.from, bounds.to))) return null;
    const deadline = declarationDeadline(year);
    return { year, deadline, overdue: todayOf(now) > deadline };
  }

  return {
    /**
     * The order-creation rules, in the creation's transaction (the customer's row is locked, so
     * one customer's creations run one after the other): structuring, volume, new wallets.
     */
    async orderCreated(tx: Tx, order: CreatedOrder, settings: Settings): Promise<void> {
      const at = order.createdAt;
      // 1. structuring: the window's orders just under a limit, this one among them
      const windowFrom = new Date(at.getTime() - settings.complianceWindowDays * DAY_MS);
      const recent = await repo.ordersSince(tx, order.userId, windowFrom);
      const level = await customerLevel(tx, order.userId);
      const limits = [
        { name: 'order_limit', limitBrl: settings.customerMaxOrderBrl },
        { name: 'two_factor', limitBrl: settings.twoFactorOrderAboveBrl },
        { name: 'level_daily', limitBrl: tierLimits(settings, level === 0 ? 1 : level).dailyBrl },
      ];
      const valued = recent.map((o) => ({
        id: o.id,
        valueBrl: orderValueBrl(o.valueBrl, '1'),
      }));
      const structuring = structuringHit(valued, limits, settings);
      if (structuring?.orderIds.includes(order.id)) {
        const refs = new Map(recent.map((o) => [o.id, o.reference]));
        await raise(tx, {
          userId: order.userId,
          rule: 'structuring',
          dedupeKey: `structuring:${order.id}`,
          orderIds: structuring.orderIds,
          facts: {
            ...structuring,
            windowDays: settings.complianceWindowDays,
            marginPercent: settings.complianceStructuringMarginPercent,
            orders: structuring.orderIds.map((id) => ({
              reference: refs.get(id) ?? id,
              valueBrl: valued.find((o) => o.id === id)?.valueBrl ?? null,
            })),
          },
          at,
        });
      }
      // 2. volume far above history: once per customer and São Paulo month
      const recentFrom = new Date(at.getTime() - VOLUME_RECENT_DAYS * DAY_MS);
      const historyFrom = new Date(
        recentFrom.getTime() - VOLUME_HISTORY_MONTHS * VOLUME_RECENT_DAYS * DAY_MS,
      );
      const recentBrl = await repo.valueBetween(
        tx,
        order.userId,
        recentFrom,
        new Date(at.getTime() + 1),
      );
      const historyBrl = await repo.valueBetween(tx, order.userId, historyFrom, recentFrom);
      const volume = volumeSpike({ recentBrl, historyBrl }, settings);
      if (volume) {
        await raise(tx, {
          userId: order.userId,
          rule: 'volume_spike',
          dedupeKey: `volume_spike:${order.userId}:${monthKey(at)}`,
          orderIds: [order.id],
          facts: { ...volume, multiple: settings.complianceVolumeMultiple },
          at,
        });
      }
      // 3. many new wallets used: counted when a new wallet is used for the first time
      if (order.walletId) {
        const used = await repo.newWalletsUsed(tx, order.userId, windowFrom);
        const fresh = used.some((wallet) => wallet.id === order.walletId);
        if (fresh && manyNewWallets(used.length, settings)) {
          await raise(tx, {
            userId: order.userId,
            rule: 'new_wallets',
            dedupeKey: `new_wallets:${order.walletId}`,
            orderIds: [order.id],
            facts: {
              windowDays: settings.complianceWindowDays,
              count: used.length,
              wallets: used.map((wallet) => ({
                id: wallet.id,
                kind: wallet.kind,
                destination: wallet.destination,
                createdAt: wallet.createdAt.toISOString(),
              })),
            },
            at,
          });
        }
      }
    },

    /** The payment rule, in the transaction that decided the payment: a payer not the customer. */
    async paymentDecided(
      tx: Tx,
      payment: DecidedPayment,
      order: { id: string; userId: string; reference: string },
    ): Promise<void> {
      const own = await repo.customerDocuments(tx, order.userId);
      if (!thirdPartyPayer(payment.payerDocument, own)) return;
      await raise(tx, {
        userId: order.userId,
        rule: 'third_party_payer',
        dedupeKey: `third_party_payer:${payment.id}`,
        orderIds: [order.id],
        facts: {
          reference: order.reference,
          provider: payment.provider,
          amount: payment.amount,
          token: payment.tokenCode,
          payerDocument: payment.payerDocument,
          payerName: payment.payerName,
          occurredAt: payment.occurredAt.toISOString(),
        },
        at: deps.now(),
      });
    },

    async list(query: CaseQuery): Promise<ComplianceCasePage> {
      const after = query.cursor ? parseCaseCursor(query.cursor) : null;
      if (query.cursor && !after)
        throw badRequest('CURSOR_INVALID', {}, { cursor: 'cursor.invalid' });
      const rows = await repo.listCases(db, {
        status: query.status,
        rule: query.rule,
        customer: query.customer,
        after,
        limit: query.limit,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({
          id: row.id,
          status: row.status as CaseStatus,
          decision: (row.decision as CaseDecision | null) ?? null,
          customer: customerOf(row, row.customerId),
          rules: [...row.rules].sort() as ComplianceRule[],
          alerts: Number(row.alerts),
          createdAt: row.createdAt.toISOString(),
          lastAlertAt: row.lastAlertAt.toISOString(),
        })),
        nextCursor: rows.length > query.limit && last ? `${last.cursorAt}_${last.id}` : null,
      };
    },

    get: (id: string) => caseView(db, id),

    /** An analyst's note (append-only): the first one moves the case to under analysis. */
    async addNote(caller: ComplianceCaller, id: string, text: string): Promise<ComplianceCase> {
      return db.transaction(async (tx) => {
        const row = await repo.lockCase(tx, id);
        if (!row) throw notFound();
        if (row.status === 'closed') throw new AppError('COMPLIANCE_CASE_DECIDED', 409);
        const at = deps.now();
        const noteId = await repo.insertNote(tx, {
          caseId: id,
          authorId: caller.userId,
          authorName: caller.username,
          body: text,
          createdAt: at,
        });
        const moved =
          row.status === 'open' && (await repo.setCaseStatus(tx, id, 'open', 'under_analysis', at));
        await writeAudit(tx, {
          actorType: 'admin',
          actorId: caller.userId,
          action: 'compliance.note_added',
          entityType: 'compliance_case',
          entityId: id,
          ip: caller.ip,
          before: { status: row.status },
          after: { noteId, text, status: moved ? 'under_analysis' : row.status },
        });
        return caseView(tx, id);
      });
    },

    /** The decision, recorded once: two at once, one wins and the other gets 409. */
    async decide(
      caller: ComplianceCaller,
      id: string,
      input: DecisionInput,
    ): Promise<ComplianceCase> {
      const at = deps.now();
      const reportedOn = input.decision === 'reported' ? input.reportedOn : null;
      if (reportedOn && reportedOn > todayOf(at)) {
        throw unprocessable(
          'COMPLIANCE_DAY_FUTURE',
          { day: reportedOn },
          { reportedOn: 'compliance.day.invalid' },
        );
      }
      return db.transaction(async (tx) => {
        const closed = await repo.closeCase(tx, id, {
          decision: input.decision,
          decisionText: input.text,
          protocol: input.decision === 'reported' ? input.protocol : null,
          reportedOn,
          decidedBy: caller.userId,
          decidedByName: caller.username,
          decidedAt: at,
        });
        if (!closed) {
          if (await repo.findCase(tx, id)) throw new AppError('COMPLIANCE_CASE_DECIDED', 409);
          throw notFound();
        }
        await writeAudit(tx, {
          actorType: 'admin',
          actorId: caller.userId,
          action: 'compliance.case_decided',
          entityType: 'compliance_case',
          entityId: id,
          ip: caller.ip,
          after: {
            decision: input.decision,
            text: input.text,
            protocol: closed.protocol,
            reportedOn: closed.reportedOn,
          },
        });
        return caseView(tx, id);
      });
    },

    async summary(): Promise<ComplianceSummary> {
      const now = deps.now();
      const openCases = await repo.countOpenCases(db);
      const declarationDueNow = await declarationDue(db, now);
      const declarations = await repo.listDeclarations(db);
      return {
        openCases,
        declarationDue: declarationDueNow,
        declarations: declarations.map(declarationOf),
      };
    },

    /** The owner's record of the yearly declaration made in Siscoaf: once per year. */
    async recordDeclaration(
      caller: ComplianceCaller,
      input: DeclarationInput,
    ): Promise<CoafDeclaration> {
      const now = deps.now();
      const today = todayOf(now);
      if (input.sentOn > today) {
        throw unprocessable(
          'COMPLIANCE_DAY_FUTURE',
          { day: input.sentOn },
          { sentOn: 'compliance.day.invalid' },
        );
      }
      if (input.year >= yearOf(now) || input.sentOn <= `${input.year}-12-31`) {
        throw unprocessable('COAF_DECLARATION_NOT_OWED', { year: input.year });
      }
      return db.transaction(async (tx) => {
        if (await repo.reportedBetween(tx, `${input.year}-01-01`, `${input.year}-12-31`)) {
          throw unprocessable('COAF_DECLARATION_NOT_OWED', { year: input.year });
        }
        const row = await repo.insertDeclaration(tx, {
          year: input.year,
          sentOn: input.sentOn,
          protocol: input.protocol,
          recordedBy: caller.userId,
          recordedByName: caller.username,
          createdAt: now,
        });
        if (!row) throw new AppError('COAF_DECLARATION_RECORDED', 409, { year: input.year });
        await writeAudit(tx, {
          actorType: 'admin',
          actorId: caller.userId,
          action: 'coaf.declaration_recorded',
          entityType: 'coaf_declaration',
          entityId: String(input.year),
          ip: caller.ip,
          after: { year: input.year, sentOn: input.sentOn, protocol: input.protocol },
        });
        return declarationOf(row);
      });
    },

    /**
     * The yearly reminder's e-mail: once per year (a claimed row), while a declaration is owed.
     * Safe to run any number of times, at once too. Returns whether this run sent it.
     */
    async remindYearly(): Promise<boolean> {
      const now = deps.now();
      return db.transaction(async (tx) => {
        const due = await declarationDue(tx, now);
        if (!due) return false;
        if (!(await repo.claimReminder(tx, due.year, now))) return false;
        await deps.queueReminder?.(tx, {
          year: due.year,
          deadline: due.deadline,
          link: `${deps.publicUrl}/admin/compliance`,
        });
        await writeAudit(tx, {
          actorType: 'system',
          actorId: null,
          action: 'coaf.reminder_sent',
          entityType: 'coaf_declaration',
          entityId: String(due.year),
          after: { year: due.year, deadline: due.deadline },
        });
        return true;
      });
    },
  };
}

export type ComplianceService = ReturnType<typeof createComplianceService>;

const ALREADY_RAISED = new Error('the same facts alerted first in another transaction');

function customerOf(
  row: {
    customerName: string;
    customerEmail: string;
    customerCpf: string | null;
    anonymized: boolean;
  } | null,
  id: string,
): ComplianceCase['customer'] {
  return {
    id,
    name: row?.customerName ?? '',
    email: row?.customerEmail ?? '',
    cpf: row?.customerCpf ?? null,
    anonymized: row?.anonymized ?? false,
  };
}

function declarationOf(row: {
  year: number;
  sentOn: string;
  protocol: string;
  recordedByName: string;
  createdAt: Date;
}): CoafDeclaration {
  return {
    year: row.year,
    sentOn: row.sentOn,
    protocol: row.protocol,
    recordedBy: row.recordedByName,
    recordedAt: row.createdAt.toISOString(),
  };
}
