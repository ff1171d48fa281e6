import { aliasedTable, and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { feeRules, networks, prices, tokens } from '@permuta/db';
import type { Db, Network, NewNetwork, NewToken, Token, Tx } from '@permuta/db';
import { normalize } from '@permuta/contracts';
import type {
  AdminNetwork,
  AdminPrice,
  AdminToken,
  FeeRule,
  PriceHistoryItem,
} from '@permuta/contracts';

/** Query functions of the back office's catalogue; each takes the database or a transaction. */

type DbOrTx = Db | Tx;
export type TokenRow = Token;
export type NetworkRow = Network;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();
const amountOrNull = (value: string | null): string | null =>
  value === null ? null : normalize(value);

export function toAdminNetwork(row: NetworkRow): AdminNetwork {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    enabled: row.enabled,
    isDefault: row.isDefault,
    contractAddress: row.contractAddress,
    minConfirmations: row.minConfirmations,
    depositEnabled: row.depositEnabled,
    withdrawEnabled: row.withdrawEnabled,
    withdrawFee: normalize(row.withdrawFee),
    withdrawMin: normalize(row.withdrawMin),
    withdrawMax: amountOrNull(row.withdrawMax),
    estimatedArrivalMinutes: row.estimatedArrivalMinutes,
    tip: row.tip,
    notice: row.notice,
    addressRegex: row.addressRegex,
    memoRegex: row.memoRegex,
    memoRequired: row.memoRequired,
    depositAddress: row.depositAddress,
    depositMemo: row.depositMemo,
    syncedAt: iso(row.syncedAt),
  };
}

export function toAdminToken(
  row: TokenRow,
  networkRows: NetworkRow[],
  price: AdminPrice | null,
): AdminToken {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    precision: row.precision,
    enabled: row.enabled,
    isLegalMoney: row.isLegalMoney,
    trading: row.trading,
    sortOrder: row.sortOrder,
    priceSource: row.priceSource,
    exchangeSymbol: row.exchangeSymbol,
    balances: {
      free: amountOrNull(row.balanceFree),
      locked: amountOrNull(row.balanceLocked),
      freeze: amountOrNull(row.balanceFreeze),
      withdrawing: amountOrNull(row.balanceWithdrawing),
      ipoable: amountOrNull(row.balanceIpoable),
      ipoing: amountOrNull(row.balanceIpoing),
      storage: amountOrNull(row.balanceStorage),
    },
    syncedAt: iso(row.syncedAt),
    price,
    networks: networkRows.map(toAdminNetwork),
  };
}

/**
 * The audit log never stores keys named `code` (they are redacted as secrets), so a token's and
 * a network's code are recorded as `tokenCode` / `networkCode`.
 */
export function auditToken(row: TokenRow | AdminToken): Record<string, unknown> {
  const { code, ...rest } = row as TokenRow & { networks?: AdminNetwork[] };
  const out: Record<string, unknown> = { tokenCode: code, ...rest };
  if (Array.isArray(rest.networks)) out.networks = rest.networks.map(auditNetwork);
  return out;
}

export function auditNetwork(row: NetworkRow | AdminNetwork): Record<string, unknown> {
  const { code, ...rest } = row;
  return { networkCode: code, ...rest };
}

// --- tokens and networks ----------------------------------------------------------------------

interface LatestPriceRow extends Record<string, unknown> {
  token_id: string;
  price_brl: string;
  source: 'manual' | 'exchange';
  created_at: string | Date;
}

function rowsOf<T>(result: unknown): T[] {
  return result && typeof result === 'object' && 'rows' in result
    ? (result as { rows: T[] }).rows
    : (result as T[]);
}

/** Latest price row per token (all tokens, or the ones listed). */
export async function latestPrices(
  db: DbOrTx,
  tokenIds?: string[],
): Promise<Map<string, AdminPrice>> {
  const filter =
    tokenIds && tokenIds.length > 0
      ? sql`WHERE token_id IN (${sql.join(
          tokenIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  const result = await db.execute<LatestPriceRow>(
    sql`SELECT DISTINCT ON (token_id) token_id, price_brl, source, created_at
        FROM prices ${filter} ORDER BY token_id, created_at DESC, id DESC`,
  );
  return new Map(
    rowsOf<LatestPriceRow>(result).map((row) => [
      row.token_id,
      {
        priceBrl: normalize(String(row.price_brl)),
        source: row.source,
        createdAt: new Date(row.created_at).toISOString(),
      },
    ]),
  );
}

export async function listTokens(db: DbOrTx): Promise<AdminToken[]> {
  const [tokenRows, networkRows, priceMap] = await Promise.all([
    db.select().from(tokens).orderBy(asc(tokens.sortOrder), asc(tokens.code)),
    db.select().from(networks).orderBy(asc(networks.code)),
    latestPrices(db),
  ]);
  return tokenRows.map((row) =>
    toAdminToken(
      row,
      networkRows.filter((n) => n.tokenId === row.id),
      priceMap.get(row.id) ?? null,
    ),
  );
}

export async function findToken(db: DbOrTx, code: string): Promise<TokenRow | null> {
  const [row] = await db.select().from(tokens).where(eq(tokens.code, code)).limit(1);
  return row ?? null;
}

export async function lockToken(tx: Tx, code: string): Promise<TokenRow | null> {
  const [row] = await tx.select().from(tokens).where(eq(tokens.code, code)).limit(1).for('update');
  return row ?? null;
}

export async function networksOf(db: DbOrTx, tokenId: string): Promise<NetworkRow[]> {
  return db
    .select()
    .from(networks)
    .where(eq(networks.tokenId, tokenId))
    .orderBy(asc(networks.code));
}

export async function tokenDetail(db: DbOrTx, token: TokenRow): Promise<AdminToken> {
  const [networkRows, priceMap] = await Promise.all([
    networksOf(db, token.id),
    latestPrices(db, [token.id]),
  ]);
  return toAdminToken(token, networkRows, priceMap.get(token.id) ?? null);
}

export async function insertToken(db: DbOrTx, values: NewToken): Promise<TokenRow> {
  const [row] = await db.insert(tokens).values(values).returning();
  if (!row) throw new Error('token not inserted');
  return row;
}

export async function updateToken(
  db: DbOrTx,
  id: string,
  values: Partial<NewToken>,
): Promise<TokenRow> {
  const [row] = await db
    .update(tokens)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tokens.id, id))
    .returning();
  if (!row) throw new Error('token vanished');
  return row;
}

export async function findNetwork(
  db: DbOrTx,
  tokenId: string,
  code: string,
): Promise<NetworkRow | null> {
  const [row] = await db
    .select()
    .from(networks)
    .where(and(eq(networks.tokenId, tokenId), eq(networks.code, code)))
    .limit(1);
  return row ?? null;
}

export async function insertNetwork(db: DbOrTx, values: NewNetwork): Promise<NetworkRow> {
  const [row] = await db.insert(networks).values(values).returning();
  if (!row) throw new Error('network not inserted');
  return row;
}

export async function updateNetwork(
  db: DbOrTx,
  id: string,
  values: Partial<NewNetwork>,
): Promise<NetworkRow> {
  const [row] = await db
    .update(networks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(networks.id, id))
    .returning();
  if (!row) throw new Error('network vanished');
  return row;
}

/** Clears the default flag of the token's other networks (one default per token). */
export async function clearOtherDefaults(db: DbOrTx, tokenId: string, keepId: string | null) {
  await db
    .update(networks)
    .set({ isDefault: false })
    .where(
      and(
        eq(networks.tokenId, tokenId),
        eq(networks.isDefault, true),
        ...(keepId ? [ne(networks.id, keepId)] : []),
      ),
    );
}

// --- prices ---------------------------------------------------------------------------------

export async function insertPrice(
  db: DbOrTx,
  values: { tokenId: string; priceBrl: string; source: 'manual' | 'exchange'; createdAt: Date },
) {
  const [row] = await db.insert(prices).values(values).returning();
  if (!row) throw new Error('price not inserted');
  return row;
}

export async function priceHistory(
  db: DbOrTx,
  tokenId: string,
  page: number,
  pageSize: number,
): Promise<{ items: PriceHistoryItem[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(prices)
      .where(eq(prices.tokenId, tokenId))
      .orderBy(desc(prices.createdAt), desc(prices.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(prices).where(eq(prices.tokenId, tokenId)),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      priceBrl: normalize(row.priceBrl),
      source: row.source,
      createdAt: row.createdAt.toISOString(),
    })),
    total: Number(totalRow?.total ?? 0),
  };
}

/** Tokens whose price comes from the exchange's ticker. */
export async function exchangePricedTokens(db: DbOrTx) {
  return db
    .select({ id: tokens.id, code: tokens.code, exchangeSymbol: tokens.exchangeSymbol })
    .from(tokens)
    .where(eq(tokens.priceSource, 'exchange'))
    .orderBy(asc(tokens.code));
}

// --- fee rules ------------------------------------------------------------------------------

const sendToken = aliasedTable(tokens, 'send_token');
const receiveToken = aliasedTable(tokens, 'receive_token');

export async function listFeeRules(db: DbOrTx) {
  const [general] = await db.select().from(feeRules).where(isNull(feeRules.sendTokenId)).limit(1);
  const pairs = await db
    .select({
      id: feeRules.id,
      send: sendToken.code,
      receive: receiveToken.code,
      rate: feeRules.rate,
      updatedAt: feeRules.updatedAt,
    })
    .from(feeRules)
    .innerJoin(sendToken, eq(sendToken.id, feeRules.sendTokenId))
    .innerJoin(receiveToken, eq(receiveToken.id, feeRules.receiveTokenId))
    .orderBy(asc(sendToken.code), asc(receiveToken.code));
  return {
    general: general ?? null,
    pairs: pairs.map((p): FeeRule => ({
      id: p.id,
      send: p.send,
      receive: p.receive,
      rate: normalize(p.rate),
      updatedAt: p.updatedAt.toISOString(),
    })),
  };
}

export async function findFeeRule(db: DbOrTx, id: string): Promise<FeeRule | null> {
  const [row] = await db
    .select({
      id: feeRules.id,
      send: sendToken.code,
      receive: receiveToken.code,
      rate: feeRules.rate,
      updatedAt: feeRules.updatedAt,
    })
    .from(feeRules)
    .innerJoin(sendToken, eq(sendToken.id, feeRules.sendTokenId))
    .innerJoin(receiveToken, eq(receiveToken.id, feeRules.receiveTokenId))
    .where(eq(feeRules.id, id))
    .limit(1);
  return row ? { ...row, rate: normalize(row.rate), updatedAt: row.updatedAt.toISOString() } : null;
}

export async function lockGeneralFeeRule(tx: Tx) {
  const [row] = await tx
    .select()
    .from(feeRules)
    .where(isNull(feeRules.sendTokenId))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function insertFeeRule(
  db: DbOrTx,
  values: { sendTokenId: string | null; receiveTokenId: string | null; rate: string },
) {
  const [row] = await db.insert(feeRules).values(values).returning();
  if (!row) throw new Error('fee rule not inserted');
  return row;
}

export async function updateFeeRuleRate(db: DbOrTx, id: string, rate: string) {
  const [row] = await db
    .update(feeRules)
    .set({ rate, updatedAt: new Date() })
    .where(eq(feeRules.id, id))
    .returning();
  return row ?? null;
}

export async function deleteFeeRule(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(feeRules)
    .where(and(eq(feeRules.id, id), sql`${feeRules.sendTokenId} IS NOT NULL`))
    .returning({ id: feeRules.id });
  return rows.length > 0;
}

export async function tokenIdsByCode(db: DbOrTx, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ id: tokens.id, code: tokens.code })
    .from(tokens)
    .where(inArray(tokens.code, codes));
  return new Map(rows.map((r) => [r.code, r.id]));
}
