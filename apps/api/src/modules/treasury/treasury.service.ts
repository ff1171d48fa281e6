import { dec, exceedsPrecision, normalize } from '@permuta/contracts';
import type { z } from 'zod';
import type {
  treasuryAdjustmentSchema,
  treasuryEntriesQuerySchema,
  treasuryEntrySchema,
  treasuryEntryPageSchema,
  treasurySchema,
} from '@permuta/contracts';
import type { Db, TreasuryEntry, Tx } from '@permuta/db';
import { badRequest, unprocessable } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import {
  findTokenByCode,
  insertEntry,
  ledgerBalance,
  listEntries,
  lockToken,
  reservedAmount,
  tokenBalances,
} from './treasury.repository.ts';
import type { EntryRow } from './treasury.repository.ts';

export interface LedgerEntryInput {
  tokenId: string;
  /** for the error message */
  tokenCode: string;
  direction: 'credit' | 'debit';
  amount: string;
  kind: 'funds_received' | 'payout' | 'refund' | 'adjustment';
  orderId?: string | null;
  note?: string | null;
  createdBy?: string | null;
}

/**
 * Appends one ledger entry in the caller's transaction. A debit first locks the token's row and
 * refuses (422 TREASURY_NEGATIVE, nothing written) to take the token's sum below zero.
 */
export async function appendLedgerEntry(tx: Tx, entry: LedgerEntryInput): Promise<TreasuryEntry> {
  if (entry.direction === 'debit') {
    await lockToken(tx, entry.tokenId);
    const balance = await ledgerBalance(tx, entry.tokenId);
    if (dec(balance).minus(entry.amount).lt(0)) {
      throw unprocessable('TREASURY_NEGATIVE', {
        token: entry.tokenCode,
        balance: normalize(balance),
      });
    }
  }
  return insertEntry(tx, {
    tokenId: entry.tokenId,
    direction: entry.direction,
    amount: entry.amount,
    kind: entry.kind,
    orderId: entry.orderId ?? null,
    note: entry.note ?? null,
    createdBy: entry.createdBy ?? null,
  });
}

/**
 * Stock of a token that new orders may still promise: ledger sum minus what the orders in flight
 * will pay (leaving `exceptOrderId` out). Lock the token first (`lockStock`) when the answer
 * decides a write, so two orders cannot both take the last units.
 */
export async function availableStock(
  db: Db | Tx,
  tokenId: string,
  exceptOrderId?: string,
): Promise<string> {
  const balance = await ledgerBalance(db, tokenId);
  const reserved = await reservedAmount(db, tokenId, exceptOrderId);
  return dec(balance).minus(reserved).toFixed();
}

export { lockToken as lockStock, lockTokens as lockStocks } from './treasury.repository.ts';

type TreasuryView = z.infer<typeof treasurySchema>;
type EntryView = z.infer<typeof treasuryEntrySchema>;
type EntryPage = z.infer<typeof treasuryEntryPageSchema>;
type EntriesQuery = z.output<typeof treasuryEntriesQuerySchema>;
type AdjustmentInput = z.output<typeof treasuryAdjustmentSchema>;

function toEntryView(row: EntryRow): EntryView {
  return {
    id: row.id,
    token: row.token,
    direction: row.direction,
    amount: normalize(row.amount),
    kind: row.kind,
    orderReference: row.orderReference,
    note: row.note,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

function encodeEntryCursor(id: number): string {
  return Buffer.from(JSON.stringify({ i: id })).toString('base64url');
}

function decodeEntryCursor(cursor: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { i?: unknown };
    if (typeof parsed.i === 'number' && Number.isSafeInteger(parsed.i) && parsed.i > 0) {
      return parsed.i;
    }
  } catch {
    // fall through
  }
  throw badRequest('CURSOR_INVALID');
}

export interface TreasuryCaller {
  userId: string;
  ip: string;
}

/** The back office's view of the treasury: balances, entries, adjustments with a note. */
export function createTreasuryService({ db }: { db: Db }) {
  return {
    async balances(): Promise<TreasuryView> {
      const rows = await tokenBalances(db);
      return {
        balances: rows.map((row) => ({
          token: row.code,
          name: row.name,
          precision: row.precision,
          balance: normalize(row.balance),
          reserved: normalize(row.reserved),
          available: dec(row.balance).minus(row.reserved).toFixed(),
        })),
      };
    },

    async entries(query: EntriesQuery): Promise<EntryPage> {
      let tokenId: string | undefined;
      if (query.token) {
        const token = await findTokenByCode(db, query.token);
        if (!token) return { items: [], nextCursor: null };
        tokenId = token.id;
      }
      const rows = await listEntries(db, {
        tokenId,
        beforeId: query.cursor ? decodeEntryCursor(query.cursor) : undefined,
        limit: query.limit,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(toEntryView),
        nextCursor: rows.length > query.limit && last ? encodeEntryCursor(last.id) : null,
      };
    },

    /** A credit or debit typed by an admin, with its note; a debit never takes the sum below zero. */
    async adjust(caller: TreasuryCaller, input: AdjustmentInput): Promise<EntryView> {
      const token = await findTokenByCode(db, input.token);
      if (!token) {
        throw badRequest('TOKEN_NOT_FOUND', { token: input.token }, { token: 'token.required' });
      }
      if (exceedsPrecision(input.amount, token.precision)) {
        throw badRequest(
          'AMOUNT_PRECISION',
          { token: token.code, precision: token.precision },
          { amount: 'amount.invalid' },
        );
      }
      const entry = await db.transaction(async (tx) => {
        await lockToken(tx, token.id);
        const before = await ledgerBalance(tx, token.id);
        if (input.direction === 'debit' && !input.belowReserve) {
          const reserved = await reservedAmount(tx, token.id);
          const available = dec(before).minus(reserved);
          if (available.lt(input.amount) && dec(before).gte(input.amount)) {
            throw unprocessable(
              'TREASURY_RESERVED',
              {
                token: token.code,
                reserved: normalize(reserved),
                available: available.lt(0) ? '0' : normalize(available.toFixed()),
              },
              { belowReserve: 'treasury.belowReserve' },
            );
          }
        }
        const inserted = await appendLedgerEntry(tx, {
          tokenId: token.id,
          tokenCode: token.code,
          direction: input.direction,
          amount: normalize(input.amount),
          kind: 'adjustment',
          note: input.note,
          createdBy: caller.userId,
        });
        await writeAudit(tx, {
          actorType: 'admin',
          actorId: caller.userId,
          action: 'treasury.adjusted',
          entityType: 'treasury_entry',
          entityId: String(inserted.id),
          ip: caller.ip,
          before: { token: token.code, balance: normalize(before) },
          after: {
            token: token.code,
            direction: input.direction,
            amount: normalize(input.amount),
            note: input.note,
            ...(input.belowReserve ? { belowReserve: true } : {}),
          },
        });
        return inserted;
      });
      const [row] = await listEntries(db, { beforeId: entry.id + 1, limit: 0 });
      if (!row || row.id !== entry.id) throw new Error('treasury entry not found after insert');
      return toEntryView(row);
    },
  };
}

export type TreasuryService = ReturnType<typeof createTreasuryService>;
