import { and, eq, inArray, sql } from 'drizzle-orm';
import { dec, AWAITING_FUNDS_STATUSES } from '@permuta/contracts';
import { orders, tokens, wallets } from '@permuta/db';
import type { Db } from '@permuta/db';
import type { DerivAgent, DerivIncomingTransfer } from '../../adapters/deriv/deriv.ts';
import { isDerivError } from '../../adapters/deriv/deriv.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { Log } from '../../lib/log.ts';
import { derivSwitches } from '../payouts/deriv-rail.ts';
import type {
  IncomingPayments,
  PaymentMatch,
  ReceiveOutcome,
} from './incoming-payments.service.ts';

/**
 * Deriv in (decision 042): every minute, the customers' transfers into the payment agent's
 * account (its statement's deposits) go through the one door for money a provider reports
 * (incoming-payments.service.ts, decision 036), each with the order it pays, if one is found by
 * rule. Reading again what a previous run read is harmless: the door records a payment once per
 * Deriv transaction id and decides it once.
 */

/** The cron of the Deriv deposits' run. */
export const DERIV_DEPOSITS_QUEUE = 'deriv-deposits';
/** Each run reads the statement from the previous run's start less this (the runs overlap). */
export const DERIV_DEPOSITS_OVERLAP_MS = 10 * 60_000;
/** A process's first run reads this far back (what arrived while no instance was running). */
export const DERIV_DEPOSITS_FIRST_LOOKBACK_MS = 24 * 3_600_000;

/** Statuses of an order still waiting for the customer's money. */
const OPEN = AWAITING_FUNDS_STATUSES;

/** An open order sending DERIV from one of its customer's Deriv accounts. */
export interface DerivOrderCandidate {
  id: string;
  /** the customer's Deriv accounts (their wallets of kind deriv), upper case */
  accounts: readonly string[];
  amountSend: string;
  extraFee: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Which order a customer's transfer pays, by rule: an open order (the candidates are) whose
 * customer owns the account the money came from, whose amount to send (with its extra fee) is
 * the amount that arrived, created before the transfer and not expired at it. Exactly one: that
 * order; several: ambiguous (a person chooses); none: no order. Deriv's times are whole
 * seconds: an order created in the same second as the transfer counts as created before it.
 */
export function matchDerivTransfer(
  transfer: Pick<DerivIncomingTransfer, 'fromLoginId' | 'amount' | 'time'>,
  candidates: readonly DerivOrderCandidate[],
): PaymentMatch {
  const from = transfer.fromLoginId.trim().toUpperCase();
  const at = transfer.time.getTime();
  const matches = candidates.filter(
    (order) =>
      order.accounts.some((account) => account.trim().toUpperCase() === from) &&
      dec(order.amountSend).plus(order.extraFee).eq(transfer.amount) &&
      Math.floor(order.createdAt.getTime() / 1000) * 1000 <= at &&
      order.expiresAt.getTime() > at,
  );
  if (matches.length === 1) return { kind: 'order', orderId: matches[0]!.id };
  return { kind: 'none', reason: matches.length === 0 ? 'no_order' : 'ambiguous' };
}

/** Open orders sending DERIV whose customer owns a Deriv wallet with one of these accounts. */
async function candidatesFor(db: Db, accounts: string[]): Promise<DerivOrderCandidate[]> {
  if (accounts.length === 0) return [];
  const rows = await db
    .select({
      id: orders.id,
      account: wallets.derivAccount,
      amountSend: orders.amountSend,
      extraFee: orders.extraFee,
      createdAt: orders.createdAt,
      expiresAt: orders.expiresAt,
    })
    .from(orders)
    .innerJoin(tokens, eq(tokens.id, orders.sendTokenId))
    .innerJoin(wallets, and(eq(wallets.userId, orders.userId), eq(wallets.kind, 'deriv')))
    .where(
      and(
        eq(tokens.kind, 'deriv'),
        inArray(orders.status, [...OPEN]),
        inArray(sql`upper(${wallets.derivAccount})`, accounts),
      ),
    );
  const byOrder = new Map<string, DerivOrderCandidate>();
  for (const row of rows) {
    const known = byOrder.get(row.id);
    const account = (row.account ?? '').toUpperCase();
    if (known) {
      byOrder.set(row.id, { ...known, accounts: [...known.accounts, account] });
    } else {
      const { account: _account, ...rest } = row;
      byOrder.set(row.id, { ...rest, accounts: [account] });
    }
  }
  return [...byOrder.values()];
}

export interface DerivDepositsDeps {
  db: Db;
  /** the agent's client as the integration is configured now; null when it is not */
  agent: () => Promise<DerivAgent | null>;
  incoming: Pick<IncomingPayments, 'receive'>;
  now: () => Date;
  log: Log;
}

export function createDerivDeposits(deps: DerivDepositsDeps) {
  const { db, incoming, log } = deps;
  let lastRunAt: Date | null = null;

  return {
    /**
     * One run: nothing when the integration's deposits are off; else every customer transfer
     * since the previous run (overlapping it) reported with its match. Returns the outcomes.
     */
    async run(): Promise<ReceiveOutcome[]> {
      if (!(await derivSwitches(db)).deposits) return [];
      const agent = await deps.agent();
      if (!agent) return [];
      const startedAt = deps.now();
      const since = lastRunAt
        ? new Date(lastRunAt.getTime() - DERIV_DEPOSITS_OVERLAP_MS)
        : new Date(startedAt.getTime() - DERIV_DEPOSITS_FIRST_LOOKBACK_MS);
      let transfers: DerivIncomingTransfer[];
      try {
        transfers = await agent.incomingTransfers(since);
      } catch (error) {
        if (!isDerivError(error)) throw error;
        // The next run reads from the same point again (lastRunAt unchanged).
        log.warn({ err: error }, 'the Deriv statement could not be read; next run tries again');
        return [];
      }
      const [token] = await db
        .select({ code: tokens.code })
        .from(tokens)
        .where(eq(tokens.kind, 'deriv'))
        .limit(1);
      const tokenCode = token?.code ?? 'DERIV';
      const accounts = [...new Set(transfers.map((t) => t.fromLoginId.toUpperCase()))];
      const candidates = await candidatesFor(db, accounts);
      const outcomes: ReceiveOutcome[] = [];
      for (const transfer of transfers) {
        const match = matchDerivTransfer(transfer, candidates);
        outcomes.push(
          await incoming.receive(
            {
              provider: 'deriv',
              externalId: String(transfer.transactionId),
              tokenCode,
              amount: transfer.amount,
              payer: { account: transfer.fromLoginId },
              reference: transfer.reference,
              settled: true,
              occurredAt: transfer.time,
              details: { longcode: transfer.longcode, note: transfer.note },
            },
            match,
          ),
        );
      }
      lastRunAt = startedAt;
      return outcomes;
    },
  };
}

export type DerivDeposits = ReturnType<typeof createDerivDeposits>;

/** The Deriv deposits' cron: every minute, once across the instances. */
export async function workDerivDeposits(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  deposits: DerivDeposits,
): Promise<void> {
  await jobs.work(DERIV_DEPOSITS_QUEUE, async () => {
    await deposits.run();
  });
  await jobs.schedule(DERIV_DEPOSITS_QUEUE, '* * * * *');
}
