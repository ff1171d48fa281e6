import { and, eq, gte, inArray, isNotNull, min, ne } from 'drizzle-orm';
import { dec, AWAITING_FUNDS_STATUSES } from '@permuta/contracts';
import { incomingPayments as payments, networks, orders, tokens } from '@permuta/db';
import type { Db } from '@permuta/db';
import {
  DEPOSIT_HISTORY_MAX_LIMIT,
  DEPOSIT_STATUS,
  fromExchangeNetwork,
  isExchangeError,
} from '../../adapters/exchange/exchange.ts';
import type { DepositRecord, ExchangeClient } from '../../adapters/exchange/exchange.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { Log } from '../../lib/log.ts';
import { depositNetworkOf } from '../orders/order-view.ts';
import { findOrdersWithTokens, readSettings } from '../orders/orders.repository.ts';
import { matchCryptoDeposit } from './crypto-deposit-match.ts';
import type { DepositToMatch, OrderCandidate } from './crypto-deposit-match.ts';
import type { IncomingPayments, ReceiveOutcome } from './incoming-payments.service.ts';

/**
 * Crypto in (decision 039): every minute the exchange's deposit history is read and each deposit
 * is reported to the one door for money a provider reports (`incomingPayments.receive`, decision
 * 036) with the open order it pays, if exactly one does. Re-reading a deposit is harmless: the
 * incoming payments table records it once and decides it once.
 */

export const CRYPTO_DEPOSITS_QUEUE = 'crypto-deposits-watch';

/** Read back this far beyond the orders' payment time: deposits confirm after they are seen. */
export const DEPOSIT_LOOKBACK_MARGIN_MS = 24 * 3_600_000;
/** The exchange refuses a window of 90 days; a deposit unfinished for 89 is left to the desk. */
const LONGEST_LOOKBACK_MS = 89 * 24 * 3_600_000;
/** Pages of the history read in one run at most (1000 deposits each). */
const MAX_PAGES = 20;

/** Statuses of a deposit the exchange turned down: never credited. */
const REFUSED_STATUSES: ReadonlySet<number> = new Set([
  DEPOSIT_STATUS.rejected,
  DEPOSIT_STATUS.wrongDeposit,
]);

/** Statuses of a deposit that is (or may still become) money on the account. */
const LIVE_STATUSES: ReadonlySet<number> = new Set([
  DEPOSIT_STATUS.pending,
  DEPOSIT_STATUS.success,
  DEPOSIT_STATUS.creditedCannotWithdraw,
  DEPOSIT_STATUS.waitingUserConfirm,
]);

export type WatchResult =
  | { kind: 'off' }
  | { kind: 'not_configured' }
  | { kind: 'exchange_failed'; reason: string }
  | { kind: 'done'; read: number; reported: number; skipped: number };

export interface CryptoDepositWatcherDeps {
  db: Db;
  exchange: Pick<ExchangeClient, 'signed' | 'depositHistory'>;
  incomingPayments: Pick<IncomingPayments, 'receive'>;
  now: () => Date;
  log: Pick<Log, 'warn' | 'error'>;
}

/** "3/12" -> 3 seen of 12 required; anything else -> null. */
export function parseConfirmTimes(
  text: string | undefined,
): { seen: number; required: number } | null {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text ?? '');
  if (!match) return null;
  return { seen: Number(match[1]), required: Number(match[2]) };
}

/**
 * The confirmations of a deposit: seen as the exchange counts them; required as the exchange
 * asks (confirmTimes' second number, else unlockConfirm), never fewer than our network's own
 * minimum. Final only when the exchange says success (1) AND the confirmations are met.
 */
export function depositConfirmations(
  record: Pick<DepositRecord, 'status' | 'confirmTimes' | 'unlockConfirm'>,
  networkMinimum: number,
): { seen: number; required: number; settled: boolean } {
  const told = parseConfirmTimes(record.confirmTimes);
  const exchangeRequired = told?.required || record.unlockConfirm || 0;
  const required = Math.max(exchangeRequired, networkMinimum, 0);
  const seen = told?.seen ?? 0;
  return {
    seen,
    required,
    settled: record.status === DEPOSIT_STATUS.success && told !== null && seen >= required,
  };
}

export function createCryptoDepositWatcher(deps: CryptoDepositWatcherDeps) {
  const { db, exchange, incomingPayments, now, log } = deps;
  let warnedNotConfigured = false;

  /** Where to start reading: the payment time plus a margin, or the oldest deposit not final. */
  async function startTime(at: Date, pendingExpiryMinutes: number): Promise<number> {
    const [oldest] = await db
      .select({ at: min(payments.occurredAt) })
      .from(payments)
      .where(and(eq(payments.provider, 'exchange'), eq(payments.status, 'seen')));
    const window = pendingExpiryMinutes * 60_000 + DEPOSIT_LOOKBACK_MARGIN_MS;
    const from = Math.min(
      at.getTime() - window,
      oldest?.at ? oldest.at.getTime() - 60_000 : Infinity,
    );
    return Math.max(from, at.getTime() - LONGEST_LOOKBACK_MS);
  }

  async function readHistory(from: number, to: number): Promise<DepositRecord[]> {
    const all: DepositRecord[] = [];
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const batch = await exchange.depositHistory({
        startTime: from,
        endTime: to,
        offset: page * DEPOSIT_HISTORY_MAX_LIMIT,
        limit: DEPOSIT_HISTORY_MAX_LIMIT,
      });
      all.push(...batch);
      if (batch.length < DEPOSIT_HISTORY_MAX_LIMIT) return all;
    }
    log.warn({ pages: MAX_PAGES }, 'crypto deposits: history longer than one run reads');
    return all;
  }

  /** The open orders sending these tokens, with where they receive them and their deposits. */
  async function candidatesFor(codes: readonly string[], since: Date): Promise<OrderCandidate[]> {
    if (codes.length === 0) return [];
    const rows = await findOrdersWithTokens(db, ({ send }) =>
      and(
        inArray(orders.status, [...AWAITING_FUNDS_STATUSES]),
        inArray(send.code, [...codes]),
        eq(send.kind, 'crypto'),
      ),
    );
    const open = rows.filter((row) => row.order.expiresAt.getTime() >= since.getTime());
    const attached =
      open.length === 0
        ? []
        : await db
            .select({ orderId: payments.orderId, externalId: payments.externalId })
            .from(payments)
            .where(
              and(
                eq(payments.provider, 'exchange'),
                inArray(
                  payments.orderId,
                  open.map((row) => row.order.id),
                ),
              ),
            );
    const candidates: OrderCandidate[] = [];
    for (const row of open) {
      const network = await depositNetworkOf(db, row);
      candidates.push({
        id: row.order.id,
        status: row.order.status,
        sendCode: row.send.code,
        depositNetwork: network?.code ?? null,
        depositAddress: network?.depositAddress ?? null,
        depositMemo: network?.depositMemo ?? null,
        txHash: row.order.txHash,
        amountSend: row.order.amountSend,
        extraFee: row.order.extraFee,
        createdAt: row.order.createdAt,
        expiresAt: row.order.expiresAt,
        deposits: attached.filter((a) => a.orderId === row.order.id).map((a) => a.externalId),
      });
    }
    return candidates;
  }

  /** Deposits not final yet that an earlier report attached to an order: id -> order. */
  async function attachedDeposits(): Promise<Map<string, string>> {
    const rows = await db
      .select({ externalId: payments.externalId, orderId: payments.orderId })
      .from(payments)
      .where(
        and(
          eq(payments.provider, 'exchange'),
          eq(payments.status, 'seen'),
          isNotNull(payments.orderId),
        ),
      );
    return new Map(rows.map((row) => [row.externalId, row.orderId!]));
  }

  /**
   * Deposits of the window decided before (credited, in the inbox, refunded): a report of them
   * would change nothing (the payments service answers `already`), so they are not re-sent
   * every minute. Only a shortcut: the service stays what guarantees it.
   */
  async function decidedSince(from: number): Promise<Set<string>> {
    const rows = await db
      .select({ externalId: payments.externalId })
      .from(payments)
      .where(
        and(
          eq(payments.provider, 'exchange'),
          ne(payments.status, 'seen'),
          gte(payments.occurredAt, new Date(from)),
        ),
      );
    return new Set(rows.map((row) => row.externalId));
  }

  /** Our crypto networks by token and network code: their minimum confirmations. */
  async function catalogue(): Promise<Map<string, number>> {
    const rows = await db
      .select({
        token: tokens.code,
        network: networks.code,
        minConfirmations: networks.minConfirmations,
      })
      .from(networks)
      .innerJoin(tokens, eq(tokens.id, networks.tokenId))
      .where(eq(tokens.kind, 'crypto'));
    return new Map(rows.map((r) => [`${r.token}/${r.network}`, r.minConfirmations]));
  }

  /**
   * A deposit the exchange rejected or calls wrong (2, 7) is never reported as money. Only when
   * an earlier report showed it on an order ("deposit seen") is it reported once more, to take
   * it off that order and leave it to the back office (`provider_rejected`).
   */
  async function withdrawSeen(record: DepositRecord): Promise<boolean> {
    const externalId = record.id || record.txId || '';
    if (!externalId) return false;
    const [earlier] = await db
      .select({ status: payments.status })
      .from(payments)
      .where(and(eq(payments.provider, 'exchange'), eq(payments.externalId, externalId)));
    if (earlier?.status !== 'seen') return false;
    try {
      await incomingPayments.receive(
        {
          provider: 'exchange',
          externalId,
          tokenCode: record.coin,
          network: fromExchangeNetwork(record.network),
          amount: record.amount,
          reference: record.txId ?? null,
          confirmations: (({ seen, required }) => ({ seen, required }))(
            depositConfirmations(record, 0),
          ),
          settled: false,
          occurredAt: new Date(record.insertTime),
          details: { ...record },
        },
        { kind: 'none', reason: 'provider_rejected' },
      );
      return true;
    } catch (error) {
      log.error({ err: error, depositId: externalId }, 'crypto deposits: a rejection not recorded');
      return false;
    }
  }

  return {
    /**
     * One run: reads the history and reports every live deposit of a token we list. An exchange
     * that fails (timeout, refusal) changes nothing; the next run reads the same window again.
     */
    async run(): Promise<WatchResult> {
      const settings = await readSettings(db);
      if (!settings.autoCryptoDeposits) return { kind: 'off' };
      if (!exchange.signed) {
        if (!warnedNotConfigured) {
          warnedNotConfigured = true;
          log.warn({}, 'crypto deposits are on but the exchange API key is not configured');
        }
        return { kind: 'not_configured' };
      }
      const at = now();
      const from = await startTime(at, settings.pendingExpiryMinutes);
      let history: DepositRecord[];
      try {
        history = await readHistory(from, at.getTime());
      } catch (error) {
        if (!isExchangeError(error)) throw error;
        log.warn(
          { err: error, kind: error.kind },
          'crypto deposits: the exchange could not be read',
        );
        return { kind: 'exchange_failed', reason: error.kind };
      }

      const networkMinimum = await catalogue();
      const listed = history.filter((record) =>
        networkMinimum.has(`${record.coin}/${fromExchangeNetwork(record.network)}`),
      );
      const candidates = await candidatesFor(
        [...new Set(listed.map((record) => record.coin))],
        new Date(from),
      );
      // oldest first: an earlier deposit is matched before a later one of the same amount
      listed.sort((a, b) => a.insertTime - b.insertTime || a.id.localeCompare(b.id));

      const attached = await attachedDeposits();
      const decided = await decidedSince(from);

      let reported = 0;
      for (const record of listed) {
        if (decided.has(record.id || record.txId || '')) continue;
        if (!dec(record.amount).gt(0)) continue;
        if (REFUSED_STATUSES.has(record.status)) {
          if (await withdrawSeen(record)) reported += 1;
          continue;
        }
        if (!LIVE_STATUSES.has(record.status)) continue;
        const network = fromExchangeNetwork(record.network);
        const confirmations = depositConfirmations(
          record,
          networkMinimum.get(`${record.coin}/${network}`) ?? 0,
        );
        const deposit: DepositToMatch = {
          externalId: record.id || record.txId || '',
          tokenCode: record.coin,
          network,
          amount: record.amount,
          address: record.address,
          addressTag: record.addressTag || null,
          txId: record.txId || null,
          seenAt: new Date(record.insertTime),
        };
        if (!deposit.externalId) continue;
        deposit.attachedTo = attached.get(deposit.externalId) ?? null;
        const match = matchCryptoDeposit(deposit, candidates);
        // Not final and no order yet: nothing is decided (the customer may still give the
        // transaction id); a final one without its order goes to the inbox.
        if (match.kind === 'none' && !confirmations.settled) continue;
        let outcome: ReceiveOutcome;
        try {
          outcome = await incomingPayments.receive(
            {
              provider: 'exchange',
              externalId: deposit.externalId,
              tokenCode: deposit.tokenCode,
              network,
              amount: record.amount,
              reference: deposit.txId,
              confirmations: { seen: confirmations.seen, required: confirmations.required },
              settled: confirmations.settled,
              occurredAt: deposit.seenAt,
              details: { ...record },
            },
            match,
          );
        } catch (error) {
          log.error(
            { err: error, depositId: deposit.externalId },
            'crypto deposits: a deposit could not be reported; read again next run',
          );
          continue;
        }
        reported += 1;
        // What this run decided counts for the deposits after it.
        const orderId = 'orderId' in outcome ? outcome.orderId : outcome.payment.orderId;
        const candidate = candidates.find((c) => c.id === orderId);
        if (candidate && !candidate.deposits.includes(deposit.externalId)) {
          candidate.deposits = [...candidate.deposits, deposit.externalId];
        }
        if (candidate && outcome.kind === 'credited') candidate.status = 'admin_confirmed';
      }
      return {
        kind: 'done',
        read: history.length,
        reported,
        skipped: history.length - reported,
      };
    },
  };
}

export type CryptoDepositWatcher = ReturnType<typeof createCryptoDepositWatcher>;

/** The watcher's job: every minute, once across every instance (decision 039). */
export async function workCryptoDepositJobs(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  watcher: CryptoDepositWatcher,
): Promise<void> {
  await jobs.work(
    CRYPTO_DEPOSITS_QUEUE,
    async () => {
      await watcher.run();
    },
    // a run that fails is simply the next minute's run: no retries piling up behind it
    { retryLimit: 0, expireInSeconds: 300 },
  );
  await jobs.schedule(CRYPTO_DEPOSITS_QUEUE, '* * * * *');
}
