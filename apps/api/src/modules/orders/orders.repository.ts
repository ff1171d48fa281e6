import type { PayoutError } from '@permuta/contracts/payout-errors';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  documents,
  enhancedDeclarations,
  isUniqueViolation,
  networks,
  orderEvents,
  orders,
  payoutRiskChecks,
  settings,
  statusLiterals,
  tokens,
  users,
  wallets,
} from '@permuta/db';
import type { Db, Network, NewOrder, Order, OrderEvent, Settings, Tx } from '@permuta/db';
import type { IncomeRange, OrderStatus, TierLimitsView } from '@permuta/contracts';
import {
  ENHANCED_DOCUMENT_TYPES,
  NOT_COUNTED_FOR_LIMITS_STATUSES,
  SETTINGS_DEFAULTS,
} from '@permuta/contracts';

export type OrderRow = Order;
export type OrderEventRow = OrderEvent;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `EX-7K2Q9` or a uuid: the condition that finds the order. */
export function orderKey(idOrReference: string): SQL {
  return UUID.test(idOrReference)
    ? eq(orders.id, idOrReference.toLowerCase())
    : eq(orders.reference, idOrReference.trim().toUpperCase());
}

// --- settings ---------------------------------------------------------------------------------

/** What the settings are when their row is missing (a fresh production start): the database defaults. */
function defaultSettings(): Settings {
  return {
    id: 1,
    defaultSendToken: null,
    defaultReceiveToken: null,
    instagramUrl: null,
    telegramUrl: null,
    youtubeUrl: null,
    supportEmail: null,
    supportPhone: null,
    youtubeTutorialUrl: null,
    pixKey: null,
    pixKeyType: null,
    pixMerchantName: null,
    pixMerchantCity: null,
    derivAccount: null,
    bankAccount: null,
    ...SETTINGS_DEFAULTS,
    updatedAt: new Date(0),
    updatedBy: null,
  };
}

/** The settings row; the database defaults when the row is missing (a fresh production start). */
export async function readSettings(db: Db | Tx): Promise<Settings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1)).limit(1);
  return row ?? defaultSettings();
}

// --- customers --------------------------------------------------------------------------------

/**
 * Locks the customer's row until commit (FOR UPDATE): two creations of one customer run one after
 * the other, so each counts the other's order against the per-customer limits.
 */
export async function lockCustomer(
  tx: Tx,
  userId: string,
): Promise<{ twoFactorEnabled: boolean } | null> {
  const [row] = await tx
    .select({ twoFactorEnabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

/**
 * The customer's orders waiting for payment (pending), and the BRL value (amount sent at the
 * locked price of the token sent) of their orders created in the day [from, to) and in the month
 * [from, to) that count against the limits: every status but canceled (expired orders are
 * canceled) and refunded (decision 062).
 */
export async function customerOrderUsage(
  db: Db | Tx,
  userId: string,
  day: { from: Date; to: Date },
  month: { from: Date; to: Date } = day,
): Promise<{ openOrders: number; valueBrl: string; monthValueBrl: string }> {
  const counted = sql`${orders.status} NOT IN (${statusLiterals(NOT_COUNTED_FOR_LIMITS_STATUSES)})`;
  const within = (window: { from: Date; to: Date }) =>
    sql`${orders.createdAt} >= ${window.from.toISOString()}::timestamptz AND ${orders.createdAt} < ${window.to.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      openOrders: sql<number>`count(*) FILTER (WHERE ${orders.status} = 'pending')::int`,
      valueBrl: sql<string>`coalesce(sum(${orders.amountSend} * ${orders.priceSendBrl}) FILTER (WHERE ${counted} AND ${within(day)}), 0)::text`,
      monthValueBrl: sql<string>`coalesce(sum(${orders.amountSend} * ${orders.priceSendBrl}) FILTER (WHERE ${counted} AND ${within(month)}), 0)::text`,
    })
    .from(orders)
    .where(eq(orders.userId, userId));
  return {
    openOrders: Number(row?.openOrders ?? 0),
    valueBrl: row?.valueBrl ?? '0',
    monthValueBrl: row?.monthValueBrl ?? '0',
  };
}

/**
 * The customer's enhanced verification request: the current document of each enhanced type, the
 * newest declaration, and the request's status (none sent; waiting while a part is missing or
 * uploaded; rejected when a document is; approved when both are and a declaration exists).
 */
export async function enhancedRequest(
  db: Db | Tx,
  userId: string,
): Promise<TierLimitsView['enhanced']> {
  const rows = await db
    .selectDistinctOn([documents.type])
    .from(documents)
    .where(and(eq(documents.userId, userId), inArray(documents.type, [...ENHANCED_DOCUMENT_TYPES])))
    .orderBy(documents.type, desc(documents.createdAt), desc(documents.id));
  const [declaration] = await db
    .select({
      incomeRange: enhancedDeclarations.incomeRange,
      occupation: enhancedDeclarations.occupation,
    })
    .from(enhancedDeclarations)
    .where(eq(enhancedDeclarations.userId, userId))
    .orderBy(desc(enhancedDeclarations.createdAt), desc(enhancedDeclarations.id))
    .limit(1);
  const docs = ENHANCED_DOCUMENT_TYPES.flatMap((type) => {
    const row = rows.find((each) => each.type === type);
    return row
      ? [
          {
            id: row.id,
            type,
            status: row.status,
            originalName: row.originalName,
            mimeType: row.mimeType,
            sizeBytes: row.sizeBytes,
            rejectionReason: row.rejectionReason,
            uploadedAt: row.createdAt.toISOString(),
            reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
          },
        ]
      : [];
  });
  const status =
    docs.length === 0 && !declaration
      ? 'none'
      : docs.some((doc) => doc.status === 'rejected')
        ? 'rejected'
        : docs.length === ENHANCED_DOCUMENT_TYPES.length &&
            declaration &&
            docs.every((doc) => doc.status === 'approved')
          ? 'approved'
          : 'uploaded';
  return {
    status,
    documents: docs,
    declaration: declaration
      ? {
          incomeRange: declaration.incomeRange as IncomeRange,
          occupation: declaration.occupation,
        }
      : null,
  };
}

export interface CustomerRef {
  id: string;
  name: string;
  email: string;
  locale: 'pt-BR' | 'en-US';
  cpf: string | null;
  phone: string | null;
}

// --- catalogue ----------------------------------------------------------------------------------

export interface TokenRef {
  id: string;
  code: string;
  name: string;
  kind: 'crypto' | 'pix' | 'deriv';
  precision: number;
  enabled: boolean;
}

const tokenRefColumns = {
  id: tokens.id,
  code: tokens.code,
  name: tokens.name,
  kind: tokens.kind,
  precision: tokens.precision,
  enabled: tokens.enabled,
};

export async function findTokenRef(db: Db | Tx, code: string): Promise<TokenRef | null> {
  const [row] = await db.select(tokenRefColumns).from(tokens).where(eq(tokens.code, code)).limit(1);
  return row ?? null;
}

export async function findNetwork(
  db: Db | Tx,
  tokenId: string,
  code: string,
): Promise<Network | null> {
  const [row] = await db
    .select()
    .from(networks)
    .where(and(eq(networks.tokenId, tokenId), eq(networks.code, code)))
    .limit(1);
  return row ?? null;
}

export async function findNetworkById(db: Db | Tx, id: string): Promise<Network | null> {
  const [row] = await db.select().from(networks).where(eq(networks.id, id)).limit(1);
  return row ?? null;
}

/**
 * Where the platform receives a crypto token: the network of that code when the token has it,
 * else its default network, else its first network with deposits on.
 */
export async function depositNetwork(
  db: Db | Tx,
  tokenId: string,
  preferredCode: string | null,
): Promise<Network | null> {
  const rows = await db
    .select()
    .from(networks)
    .where(eq(networks.tokenId, tokenId))
    .orderBy(asc(networks.code));
  return (
    rows.find((n) => n.code === preferredCode) ??
    rows.find((n) => n.isDefault) ??
    rows.find((n) => n.depositEnabled && n.enabled) ??
    rows[0] ??
    null
  );
}

// --- wallets ------------------------------------------------------------------------------------

export type WalletRow = typeof wallets.$inferSelect;

/** A wallet of the customer, locked against deletion until the caller's transaction ends. */
export async function findCustomerWallet(
  tx: Db | Tx,
  userId: string,
  walletId: string,
  options: { lock?: boolean } = {},
): Promise<WalletRow | null> {
  const query = tx
    .select()
    .from(wallets)
    .where(and(eq(wallets.id, walletId), eq(wallets.userId, userId)))
    .limit(1);
  const [row] = options.lock ? await query.for('share') : await query;
  return row ?? null;
}

export async function findWallet(db: Db | Tx, walletId: string): Promise<WalletRow | null> {
  const [row] = await db.select().from(wallets).where(eq(wallets.id, walletId)).limit(1);
  return row ?? null;
}

// --- orders -------------------------------------------------------------------------------------

const sendToken = alias(tokens, 'send_token');
const receiveToken = alias(tokens, 'receive_token');

export interface OrderDetailRow {
  order: OrderRow;
  send: TokenRef;
  receive: TokenRef;
  network: Network | null;
  customer: CustomerRef;
}

/** An order with its two tokens and its network: what every read of one with its tokens takes. */
export const orderWithTokensColumns = {
  order: orders,
  send: {
    id: sendToken.id,
    code: sendToken.code,
    name: sendToken.name,
    kind: sendToken.kind,
    precision: sendToken.precision,
    enabled: sendToken.enabled,
  },
  receive: {
    id: receiveToken.id,
    code: receiveToken.code,
    name: receiveToken.name,
    kind: receiveToken.kind,
    precision: receiveToken.precision,
    enabled: receiveToken.enabled,
  },
  network: networks,
};

/** Orders with their tokens and network (orderWithTokensColumns), filtered by `where`. */
export function findOrdersWithTokens(
  db: Db | Tx,
  where: (tokens: { send: typeof sendToken; receive: typeof receiveToken }) => SQL | undefined,
) {
  return db
    .select(orderWithTokensColumns)
    .from(orders)
    .innerJoin(sendToken, eq(sendToken.id, orders.sendTokenId))
    .innerJoin(receiveToken, eq(receiveToken.id, orders.receiveTokenId))
    .leftJoin(networks, eq(networks.id, orders.networkId))
    .where(where({ send: sendToken, receive: receiveToken }));
}

/** The columns of an order's detail: the order, its tokens, its network and its customer. */
const detailColumns = {
  ...orderWithTokensColumns,
  customer: {
    id: users.id,
    name: users.name,
    email: users.email,
    locale: users.locale,
    cpf: users.cpf,
    phone: users.phone,
  },
};

/** One order with its tokens, network and customer; `ownerId` limits it to that customer's. */
export async function findOrderDetail(
  db: Db | Tx,
  idOrReference: string,
  ownerId?: string,
): Promise<OrderDetailRow | null> {
  const [row] = await db
    .select(detailColumns)
    .from(orders)
    .innerJoin(sendToken, eq(sendToken.id, orders.sendTokenId))
    .innerJoin(receiveToken, eq(receiveToken.id, orders.receiveTokenId))
    .leftJoin(networks, eq(networks.id, orders.networkId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(orderKey(idOrReference), ownerId ? eq(orders.userId, ownerId) : undefined))
    .limit(1);
  return row ?? null;
}

/** The columns of an order its page shows (a part of OrderRow). */
export type OrderViewRow = Pick<
  OrderRow,
  | 'id'
  | 'reference'
  | 'status'
  | 'amountSend'
  | 'amountReceive'
  | 'amountReceived'
  | 'refundOnly'
  | 'rate'
  | 'priceSendBrl'
  | 'priceReceiveBrl'
  | 'feeRate'
  | 'networkFee'
  | 'extraFee'
  | 'paymentMethod'
  | 'addressToReceive'
  | 'memoToReceive'
  | 'refundAddress'
  | 'txHash'
  | 'payoutTxId'
  | 'proofStorageKey'
  | 'paymentProofStorageKey'
  | 'refundProofStorageKey'
  | 'boletoStorageKey'
  | 'boletoLine'
  | 'quoteLockedUntil'
  | 'expiresAt'
  | 'createdAt'
  | 'updatedAt'
  | 'statusChangedAt'
>;

/** What the platform shows of an order's network: where and how to send a crypto token. */
export type OrderNetworkRef = Pick<
  Network,
  'id' | 'code' | 'name' | 'depositAddress' | 'depositMemo' | 'minConfirmations' | 'tip' | 'notice'
>;

/** What an order's page is built from: the order, its tokens and its network. */
export interface OrderViewDetail {
  order: OrderViewRow;
  send: TokenRef;
  receive: TokenRef;
  network: OrderNetworkRef | null;
}

export async function findOrderRow(db: Db | Tx, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

export async function listEvents(db: Db | Tx, orderId: string): Promise<OrderEventRow[]> {
  return db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

/** The order's events oldest first, each with the username of the admin who acted (if one did). */
export async function listEventsWithAdminNames(
  db: Db | Tx,
  orderId: string,
): Promise<(OrderEventRow & { adminName: string | null })[]> {
  const rows = await db
    .select({ event: orderEvents, adminName: users.username })
    .from(orderEvents)
    .leftJoin(users, and(eq(users.id, orderEvents.actorId), eq(orderEvents.actorType, 'admin')))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return rows.map((row) => ({ ...row.event, adminName: row.adminName }));
}

export async function insertEvent(
  tx: Tx,
  values: typeof orderEvents.$inferInsert,
): Promise<OrderEventRow> {
  const [row] = await tx.insert(orderEvents).values(values).returning();
  if (!row) throw new Error('order event insert returned no row');
  return row;
}

/** Letters and digits without look-alikes (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function newReference(random: (max: number) => number): string {
  let code = '';
  for (let i = 0; i < 5; i++) code += REFERENCE_ALPHABET[random(REFERENCE_ALPHABET.length)];
  return `EX-${code}`;
}

/**
 * Inserts the order under a fresh reference, trying another one (inside a savepoint, so the
 * transaction survives) when the reference is taken.
 */
/** Whether `error` is the insert of a second order of one locked quote (orders_quote_id_unique). */
export function isQuoteReused(error: unknown): boolean {
  return isUniqueViolation(error, 'orders_quote_id_unique');
}

/** Whether an order already consumed the locked quote `quoteId`. */
export async function quoteUsed(tx: Tx, quoteId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.quoteId, quoteId))
    .limit(1);
  return row !== undefined;
}

export async function insertOrderWithReference(
  tx: Tx,
  values: Omit<NewOrder, 'reference'>,
  random: (max: number) => number,
): Promise<OrderRow> {
  for (let attempt = 1; ; attempt++) {
    const reference = newReference(random);
    try {
      return await tx.transaction(async (savepoint) => {
        const [row] = await savepoint
          .insert(orders)
          .values({ ...values, reference })
          .returning();
        if (!row) throw new Error('order insert returned no row');
        return row;
      });
    } catch (error) {
      if (attempt < 8 && isUniqueViolation(error, 'orders_reference_unique')) continue;
      throw error;
    }
  }
}

/**
 * Compare-and-set of an order's status: in ONE statement, lock the row, move it to `to` only if
 * its status is one of `sources`, and give back the status it had. Null when the order is not in
 * one of `sources` (or does not exist): the caller's move lost the race.
 */
export async function compareAndSetStatus(
  tx: Tx,
  input: {
    id: string;
    sources: readonly OrderStatus[];
    to: OrderStatus;
    at: Date;
    set: OrderColumnsSet;
    /** only an order not marked refund-only (a payout move) */
    notRefundOnly?: boolean;
  },
): Promise<OrderStatus | null> {
  if (input.sources.length === 0) return null;
  const assignments = Object.entries(input.set)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => {
      const column = orders[key as keyof OrderColumnsSet];
      return sql`${sql.identifier(column.name)} = ${value}`;
    });
  const at = input.at.toISOString();
  const result = await tx.execute<{ from_status: OrderStatus }>(sql`
    WITH prev AS (
      SELECT id, status FROM orders WHERE id = ${input.id} FOR UPDATE
    )
    UPDATE orders AS o
       SET status = ${input.to}::order_status,
           status_changed_at = ${at}::timestamptz,
           updated_at = ${at}::timestamptz
           ${assignments.length > 0 ? sql`, ${sql.join(assignments, sql`, `)}` : sql``}
      FROM prev
     WHERE o.id = prev.id
       AND o.status IN (${sql.join(
         input.sources.map((s) => sql`${s}::order_status`),
         sql`, `,
       )})
       ${input.notRefundOnly ? sql`AND o.refund_only = false` : sql``}
    RETURNING prev.status AS from_status`);
  return result.rows[0]?.from_status ?? null;
}

/** Columns a move may write together with the status. */
export interface OrderColumnsSet {
  amountReceived?: string;
  amountReceive?: string;
  refundOnly?: boolean;
  txHash?: string | null;
  proofStorageKey?: string;
  paymentProofStorageKey?: string;
  refundProofStorageKey?: string;
  payoutTxId?: string | null;
  withdrawId?: string | null;
  payoutFailure?: PayoutError | null;
  payoutAttempts?: number;
}

/** Sets columns of an order that is still in `status` (not a move: uploads). Null when it is not. */
export async function updateOrderInStatus(
  tx: Db | Tx,
  input: {
    id: string;
    status: OrderStatus;
    ownerId?: string;
    paymentMethod?: OrderRow['paymentMethod'];
    set: Partial<
      Pick<OrderRow, 'proofStorageKey' | 'boletoStorageKey' | 'boletoLine' | 'expiresAt'>
    >;
    at: Date;
  },
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ ...input.set, updatedAt: input.at })
    .where(
      and(
        eq(orders.id, input.id),
        eq(orders.status, input.status),
        input.ownerId ? eq(orders.userId, input.ownerId) : undefined,
        input.paymentMethod ? eq(orders.paymentMethod, input.paymentMethod) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

// --- lists ----------------------------------------------------------------------------------------

export interface OrderListRow {
  id: string;
  reference: string;
  status: OrderStatus;
  sendToken: string;
  receiveToken: string;
  amountSend: string;
  amountReceive: string;
  createdAt: Date;
}

/** The columns of an {@link OrderListRow}, the part every list of orders selects. */
const listColumns = {
  id: orders.id,
  reference: orders.reference,
  status: orders.status,
  sendToken: sendToken.code,
  receiveToken: receiveToken.code,
  amountSend: orders.amountSend,
  amountReceive: orders.amountReceive,
  createdAt: orders.createdAt,
};

/** One order as the lists show it (the partner webhooks' payload, decision 065). */
export async function findOrderListRow(db: Db | Tx, orderId: string): Promise<OrderListRow | null> {
  const [row] = await db
    .select(listColumns)
    .from(orders)
    .innerJoin(sendToken, eq(sendToken.id, orders.sendTokenId))
    .innerJoin(receiveToken, eq(receiveToken.id, orders.receiveTokenId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}

/** A customer's orders, newest first, one page, and how many there are in all. */
export async function listCustomerOrders(
  db: Db | Tx,
  filter: { userId: string; status: OrderStatus | 'all'; page: number; pageSize: number },
): Promise<{ rows: OrderListRow[]; total: number }> {
  const where = and(
    eq(orders.userId, filter.userId),
    filter.status === 'all' ? undefined : eq(orders.status, filter.status),
  );
  const [rows, totals] = [
    await db
      .select(listColumns)
      .from(orders)
      .innerJoin(sendToken, eq(sendToken.id, orders.sendTokenId))
      .innerJoin(receiveToken, eq(receiveToken.id, orders.receiveTokenId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    await db.select({ total: count() }).from(orders).where(where),
  ];
  return { rows, total: totals[0]?.total ?? 0 };
}

export type AdminListSort = 'newest' | 'waiting' | 'value';

export interface CustomerHistoryRow extends OrderListRow {
  network: string | null;
  paymentMethod: OrderRow['paymentMethod'];
  rate: string;
  feeRate: string;
  networkFee: string;
  extraFee: string;
  amountReceived: string | null;
  txHash: string | null;
  payoutTxId: string | null;
}

/**
 * A customer's orders for the history export, newest first, `limit` at a time after the keyset
 * position `after` (created_at to the microsecond, as text, and id).
 */
export async function listCustomerHistory(
  db: Db | Tx,
  filter: { userId: string; after?: { createdAt: string; id: string }; limit: number },
): Promise<(CustomerHistoryRow & { cursorAt: string })[]> {
  return db
    .select({
      ...listColumns,
      cursorAt: sql<string>`to_char(${orders.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      network: networks.code,
      paymentMethod: orders.paymentMethod,
      rate: orders.rate,
      feeRate: orders.feeRate,
      networkFee: orders.networkFee,
      extraFee: orders.extraFee,
      amountReceived: orders.amountReceived,
      txHash: orders.txHash,
      payoutTxId: orders.payoutTxId,
    })
    .from(orders)
    .innerJoin(sendToken, eq(sendToken.id, orders.sendTokenId))
    .innerJoin(receiveToken, eq(receiveToken.id, orders.receiveTokenId))
    .leftJoin(networks, eq(networks.id, orders.networkId))
    .where(
      and(
        eq(orders.userId, filter.userId),
        filter.after
          ? sql`(${orders.createdAt}, ${orders.id}) < (${filter.after.createdAt}::timestamptz, ${filter.after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(filter.limit);
}

export interface AdminListFilter {
  /** `payout_held`: funds confirmed, the automatic payout held by the risk limits (043) */
  status: OrderStatus | 'all' | 'payout_held';
  q?: string;
  from?: Date;
  to?: Date;
  /** only these order ids (the desk's ticked rows) */
  ids?: string[];
}

export interface AdminListPosition {
  sort: AdminListSort;
  /** keyset position: the sort key (exact, as text) and id of the last row of the previous page */
  after?: { key: string; id: string };
  limit: number;
}

export interface AdminListRow extends OrderListRow {
  /** the row's sort key as exact text (created_at or status_changed_at to the microsecond, or the value), for the next cursor */
  sortKey: string;
  customerId: string;
  customerName: string;
  customerEmail: string;
  network: string | null;
  paymentMethod: OrderRow['paymentMethod'];
  txHash: string | null;
  payoutTxId: string | null;
  amountReceived: string | null;
  valueBrl: string;
  statusChangedAt: Date;
}

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const microseconds = (column: PgColumn) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const valueBrl = sql`(${orders.amountSend} * ${orders.priceSendBrl})`;

/**
 * Each sort of the desk: its key, the key as exact text (for the cursor), the direction, and the
 * keyset condition "after (key, id)". Ties are broken by id in the same direction, so every
 * order has one place and pages neither repeat nor skip rows.
 */
const SORTS: Record<
  AdminListSort,
  {
    key: SQL;
    text: SQL<string>;
    direction: 'asc' | 'desc';
    after: (key: string, id: string) => SQL;
  }
> = {
  newest: {
    key: sql`${orders.createdAt}`,
    text: microseconds(orders.createdAt),
    direction: 'desc',
    after: (key, id) =>
      sql`(${orders.createdAt}, ${orders.id}) < (${key}::timestamptz, ${id}::uuid)`,
  },
  waiting: {
    key: sql`${orders.statusChangedAt}`,
    text: microseconds(orders.statusChangedAt),
    direction: 'asc',
    after: (key, id) =>
      sql`(${orders.statusChangedAt}, ${orders.id}) > (${key}::timestamptz, ${id}::uuid)`,
  },
  value: {
    key: valueBrl,
    text: sql<string>`${valueBrl}::text`,
    direction: 'desc',
    after: (key, id) => sql`(${valueBrl}, ${orders.id}) < (${key}::numeric, ${id}::uuid)`,
  },
};

/**
 * The desk's filters: the conditions every matching order meets, and a text search apart. A
 * search matches an order by its customer (part of the name or e-mail, the CPF) or by the order
 * itself (the reference, a transaction hash, the address paid to); the two are read apart
 * (searchedIds).
 */
function adminListFilters(filter: AdminListFilter): {
  conditions: (SQL | undefined)[];
  search: { byCustomer: SQL; byOrder: SQL } | null;
} {
  const q = filter.q?.trim();
  const conditions: (SQL | undefined)[] = [
    filter.status === 'all'
      ? undefined
      : filter.status === 'payout_held'
        ? sql`${orders.status} = 'admin_confirmed' AND EXISTS (SELECT 1 FROM ${payoutRiskChecks} WHERE ${payoutRiskChecks.orderId} = ${orders.id} AND ${payoutRiskChecks.queuedAt} IS NULL AND jsonb_array_length(${payoutRiskChecks.reasons}) > 0)`
        : eq(orders.status, filter.status),
    filter.from ? sql`${orders.createdAt} >= ${filter.from.toISOString()}::timestamptz` : undefined,
    filter.to ? sql`${orders.createdAt} < ${filter.to.toISOString()}::timestamptz` : undefined,
    filter.ids ? inArray(orders.id, filter.ids) : undefined,
  ];
  if (q && /^EX-[A-Z0-9]+$/i.test(q)) {
    // a whole reference: the unique index answers it (in an OR with the name's ILIKE, every
    // order was read: 4.4 s over a million orders in the traffic benchmark)
    conditions.push(eq(orders.reference, q.toUpperCase()));
    return { conditions, search: null };
  }
  if (!q) return { conditions, search: null };
  const pattern = likePattern(q);
  const reference = q.toUpperCase();
  const prefixed = reference.startsWith('EX-') ? reference : `EX-${reference}`;
  const digits = q.replace(/\D/g, '');
  const cpf = /^[\d.\-\s]+$/.test(q) && digits.length === 11 ? digits : null;
  return {
    conditions,
    search: {
      byCustomer: sql`(${users.email} ILIKE ${pattern} OR ${users.name} ILIKE ${pattern}${cpf ? sql` OR ${users.cpf} = ${cpf}` : sql``})`,
      byOrder: sql`(${orders.reference} IN (${reference}, ${prefixed}) OR ${orders.txHash} = ${q} OR ${orders.payoutTxId} = ${q} OR ${orders.addressToReceive} = ${q})`,
    },
  };
}

/**
 * "The order is among the search's matches", each way of matching read on its own, at most
 * `limit` orders of each, in the list's order when `sorted` is given (and after its position).
 * As one OR, PostgreSQL had one plan for every search: walking the orders newest first until a
 * page was found, quick for a common surname and a full read of a million orders (1 s) for one
 * customer's e-mail or for nothing at all. Apart:
 * - by customer, the matching customers come first and each one's orders after (a lateral
 *   subquery, by the index on the customer and the creation time): the walk cannot come back,
 *   whatever PostgreSQL guesses of how many customers match (it guessed one for "nothing" and
 *   walked a million orders: 2.1 s);
 * - by the order's own fields, through their indexes.
 * (The subqueries name `orders` and `users` again: their columns are theirs, not the outer
 * query's.)
 */
function searchedIds(
  db: Db | Tx,
  conditions: (SQL | undefined)[],
  search: { byCustomer: SQL; byOrder: SQL },
  limit: number,
  sorted?: { sort: (typeof SORTS)[AdminListSort]; after?: { key: string; id: string } },
): SQL {
  const after = sorted?.after ? sorted.sort.after(sorted.after.key, sorted.after.id) : undefined;
  const order = sorted?.sort.direction === 'asc' ? asc : desc;
  const key = sorted?.sort.key ?? sql`${orders.createdAt}`;
  const inOrder = <T extends { orderBy: (...columns: SQL[]) => T }>(query: T, key: SQL, id: SQL) =>
    sorted ? query.orderBy(order(key), order(id)) : query;

  const ofEachCustomer = inOrder(
    db
      .select({
        id: orders.id,
        sortKey: sql`${key}`.as('sort_key'),
      })
      .from(orders)
      .where(and(eq(orders.userId, users.id), ...conditions, after))
      .$dynamic(),
    key,
    sql`${orders.id}`,
  )
    .limit(limit)
    .as('of_customer');
  const byCustomer = inOrder(
    db
      .select({ id: ofEachCustomer.id })
      .from(users)
      .crossJoinLateral(ofEachCustomer)
      .where(search.byCustomer)
      .$dynamic(),
    sql`${ofEachCustomer.sortKey}`,
    sql`${ofEachCustomer.id}`,
  )
    .limit(limit)
    .as('by_customer');
  const byOrder = inOrder(
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(...conditions, search.byOrder, after))
      .$dynamic(),
    key,
    sql`${orders.id}`,
  )
    .limit(limit)
    .as('by_order');
  return sql`${orders.id} IN (SELECT "id" FROM ${byCustomer} UNION SELECT "id" FROM ${byOrder})`;
}

/**
 * The back office's list, keyset after `after` in the chosen sort: newest first on
 * (created_at, id) using the indexes (status, created_at DESC, id DESC) and
 * (created_at DESC, id DESC); longest waiting first on (status_changed_at, id); largest value in
 * reais first. `q` finds the reference (with or without its `EX-`), the customer's or the
 * payout's transaction hash, the address paid to, the customer's CPF (11 digits, with or without
 * punctuation), or part of the customer's name or e-mail.
 */
export async function listAdminOrders(
  db: Db | Tx,
  filter: AdminListFilter & AdminListPosition,
): Promise<AdminListRow[]> {
  const sort = SORTS[filter.sort];
  const order = sort.direction === 'asc' ? asc : desc;
  const { conditions, search } = adminListFilters(filter);
  return db
    .select({
      ...listColumns,
      sortKey: sort.text,
      customerId: users.id,
      customerName: users.name,
      customerEmail: users.email,
      network: networks.code,
      paymentMethod: orders.paymentMethod,
      txHash: orders.txHash,
      payoutTxId: orders.payoutTxId,
      amountReceived: orders.amountReceived,
      valueBrl: sql<string>`${valueBrl}::text`,
      statusChangedAt: orders.statusChangedAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(sendToken, eq(sendToken.id, orders.sendTokenId))
    .innerJoin(receiveToken, eq(receiveToken.id, orders.receiveTokenId))
    .leftJoin(networks, eq(networks.id, orders.networkId))
    .where(
      and(
        ...conditions,
        search
          ? searchedIds(db, conditions, search, filter.limit, { sort, after: filter.after })
          : undefined,
        filter.after ? sort.after(filter.after.key, filter.after.id) : undefined,
      ),
    )
    .orderBy(order(sort.key), order(orders.id))
    .limit(filter.limit);
}

/**
 * How many orders match the list's filters, over all pages, counting at most `cap` + 1 of them:
 * an exact count of a million orders took 300 ms and more on every page of the desk, while "more
 * than 10,000" says as much to the person reading it.
 */
export async function countAdminOrders(
  db: Db | Tx,
  filter: AdminListFilter,
  cap: number,
): Promise<number> {
  const { conditions, search } = adminListFilters(filter);
  const matching = db
    .select({ one: sql`1` })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(...conditions, search ? searchedIds(db, conditions, search, cap + 1) : undefined))
    .limit(cap + 1)
    .as('matching');
  const [row] = await db.select({ total: count() }).from(matching);
  return row?.total ?? 0;
}

// --- jobs -----------------------------------------------------------------------------------------

/** Ids of pending orders whose payment time is over. */
export async function expiredPendingOrderIds(db: Db | Tx, now: Date, limit: number) {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        sql`${orders.expiresAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Ids of orders paid out before `paidBefore` that the customer never confirmed. */
export async function staleAdminPaidOrderIds(db: Db | Tx, paidBefore: Date, limit: number) {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'admin_paid'),
        sql`${orders.statusChangedAt} <= ${paidBefore.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(orders.statusChangedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}
