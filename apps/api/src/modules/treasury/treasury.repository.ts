import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { NOT_OWED_STATUS_LIST, orders, tokens, treasuryEntries, users } from '@permuta/db';
import type { Db, NewTreasuryEntry, TreasuryEntry, Tx } from '@permuta/db';

/**
 * The treasury ledger (PRODUCT.md section 2): append-only entries per token. Balance = credits -
 * debits; reserved = amounts to receive of the orders still in flight; available = balance -
 * reserved. Writers that debit lock the token row first (`lockToken`) so that two debits never
 * both see the same balance. The balance itself is `tokens.ledger_balance`, which triggers on
 * `treasury_entries` keep equal to the ledger's sum in the transaction of every entry (decision
 * 064); nothing in the application writes it.
 */

/**
 * Orders whose amount to receive is still owed: every status but the final ones and admin_paid
 * (paid out already, its payout entry is in the ledger), and not refund-only (those will never
 * be paid out). Contains the predicate of the partial index `orders_receive_token_open_idx`
 * verbatim, so the planner uses it.
 */
const RESERVING = sql`"orders"."status" NOT IN (${NOT_OWED_STATUS_LIST}) AND NOT "orders"."refund_only"`;

const signedAmount = sql`CASE WHEN ${treasuryEntries.direction} = 'credit' THEN ${treasuryEntries.amount} ELSE -${treasuryEntries.amount} END`;

/** Takes the token's row lock until the transaction ends: the ledger's writers queue on it. */
export async function lockToken(tx: Tx, tokenId: string): Promise<void> {
  // NO KEY UPDATE: serializes the stock checks of one token as FOR UPDATE would, but leaves
  // the key-share lock of a row that refers to the token (an order being inserted) free: with
  // FOR UPDATE, two orders in opposite directions deadlocked (orders.race-directions.test.ts).
  await tx
    .select({ id: tokens.id })
    .from(tokens)
    .where(eq(tokens.id, tokenId))
    .for('no key update');
}

/**
 * Takes the row locks of several tokens in one order (by id), so that two transactions that
 * each need two tokens' locks cannot take them crosswise and deadlock. A ledger entry takes its
 * token's lock (the running balance's UPDATE, decision 064): a transaction that locks one
 * token's stock and writes another token's entry locks both here first.
 */
export async function lockTokens(tx: Tx, tokenIds: readonly string[]): Promise<void> {
  const ids = [...new Set(tokenIds)].sort();
  if (ids.length === 0) return;
  await tx
    .select({ id: tokens.id })
    .from(tokens)
    .where(inArray(tokens.id, ids))
    .orderBy(asc(tokens.id))
    .for('no key update');
}

/**
 * Sum of the ledger of a token (credits - debits), a decimal string: the token's running balance
 * (`tokens.ledger_balance`, kept by the database with every entry, decision 064), not a sum of
 * the whole ledger. Under `lockToken` no other writer can change it before commit.
 */
export async function ledgerBalance(db: Db | Tx, tokenId: string): Promise<string> {
  const [row] = await db
    .select({ balance: sql<string>`${tokens.ledgerBalance}::text` })
    .from(tokens)
    .where(eq(tokens.id, tokenId));
  return row?.balance ?? '0';
}

/** The ledger summed entry by entry, per token: what `tokens.ledger_balance` must equal. */
export async function summedLedgers(db: Db | Tx): Promise<Map<string, string>> {
  const rows = await db
    .select({
      tokenId: treasuryEntries.tokenId,
      balance: sql<string>`sum(${signedAmount})::text`,
    })
    .from(treasuryEntries)
    .groupBy(treasuryEntries.tokenId);
  return new Map(rows.map((row) => [row.tokenId, row.balance]));
}

/** Amounts to receive of the orders in flight for a token, optionally leaving one order out. */
export async function reservedAmount(
  db: Db | Tx,
  tokenId: string,
  exceptOrderId?: string,
): Promise<string> {
  const [row] = await db
    .select({ reserved: sql<string>`coalesce(sum(${orders.amountReceive}), 0)::text` })
    .from(orders)
    .where(
      and(
        eq(orders.receiveTokenId, tokenId),
        RESERVING,
        exceptOrderId ? sql`${orders.id} <> ${exceptOrderId}` : undefined,
      ),
    );
  return row?.reserved ?? '0';
}

export async function insertEntry(tx: Tx, values: NewTreasuryEntry): Promise<TreasuryEntry> {
  const [row] = await tx.insert(treasuryEntries).values(values).returning();
  if (!row) throw new Error('treasury entry insert returned no row');
  return row;
}

export interface TokenBalanceRow {
  tokenId: string;
  code: string;
  name: string;
  precision: number;
  balance: string;
  reserved: string;
}

/** Balance and reserved amount of every token, in catalogue order. */
export async function tokenBalances(db: Db | Tx): Promise<TokenBalanceRow[]> {
  const reserved = db
    .select({
      tokenId: orders.receiveTokenId,
      reserved: sql<string>`sum(${orders.amountReceive})`.as('reserved'),
    })
    .from(orders)
    .where(RESERVING)
    .groupBy(orders.receiveTokenId)
    .as('reserved');
  return db
    .select({
      tokenId: tokens.id,
      code: tokens.code,
      name: tokens.name,
      precision: tokens.precision,
      balance: sql<string>`${tokens.ledgerBalance}::text`,
      reserved: sql<string>`coalesce(${reserved.reserved}, 0)::text`,
    })
    .from(tokens)
    .leftJoin(reserved, eq(reserved.tokenId, tokens.id))
    .orderBy(asc(tokens.sortOrder), asc(tokens.code));
}

export interface EntryRow {
  id: number;
  token: string;
  direction: 'credit' | 'debit';
  amount: string;
  kind: 'funds_received' | 'payout' | 'refund' | 'adjustment';
  orderReference: string | null;
  note: string | null;
  createdBy: string | null;
  createdAt: Date;
}

/** Entries newest first (by id), after the cursor id when given; `limit + 1` rows to see a next page. */
export async function listEntries(
  db: Db | Tx,
  filter: { tokenId?: string; beforeId?: number; limit: number },
): Promise<EntryRow[]> {
  return db
    .select({
      id: treasuryEntries.id,
      token: tokens.code,
      direction: treasuryEntries.direction,
      amount: treasuryEntries.amount,
      kind: treasuryEntries.kind,
      orderReference: orders.reference,
      note: treasuryEntries.note,
      createdBy: users.username,
      createdAt: treasuryEntries.createdAt,
    })
    .from(treasuryEntries)
    .innerJoin(tokens, eq(tokens.id, treasuryEntries.tokenId))
    .leftJoin(orders, eq(orders.id, treasuryEntries.orderId))
    .leftJoin(users, eq(users.id, treasuryEntries.createdBy))
    .where(
      and(
        filter.tokenId ? eq(treasuryEntries.tokenId, filter.tokenId) : undefined,
        filter.beforeId !== undefined ? lt(treasuryEntries.id, filter.beforeId) : undefined,
      ),
    )
    .orderBy(desc(treasuryEntries.id))
    .limit(filter.limit + 1);
}

export async function findTokenByCode(
  db: Db | Tx,
  code: string,
): Promise<{ id: string; code: string; precision: number } | null> {
  const [row] = await db
    .select({ id: tokens.id, code: tokens.code, precision: tokens.precision })
    .from(tokens)
    .where(eq(tokens.code, code))
    .limit(1);
  return row ?? null;
}
