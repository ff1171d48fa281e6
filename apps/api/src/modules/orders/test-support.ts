import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DOCUMENT_TYPES } from '@permuta/contracts';
import type { DocumentType, OrderView, QuoteRequest } from '@permuta/contracts';
import {
  documents,
  networks,
  orderEvents,
  orders,
  settings,
  tokens,
  treasuryEntries,
  users,
  wallets,
} from '@permuta/db';
import type { Document, NewDocument, NewOrder, Order, Settings } from '@permuta/db';
import { EMAIL_QUEUE } from '../../lib/jobs.ts';
import { settingsSnapshot } from './settings-snapshot.ts';
import { registerCustomer } from '../../../test/auth-helpers.ts';
import type { TestCustomer } from '../../../test/auth-helpers.ts';

/**
 * Helpers of the order tests and of other API tests that need orders (not a test file itself):
 * customers ready to exchange, documents and wallets inserted directly, requests as a customer or
 * an admin, quotes and orders through the API, the ledger as the database sees it.
 */

export const TRC20_ADDRESS = 'TLDWDCnJ5o2hD57VjFC71PR7m41vudkA5j';
export const EVM_ADDRESS = '0x7065726d7574612d64656d6f2d61646472657373';
export const BTC_ADDRESS = 'bc1qwpjhymt4w3sj6er9d4hj6ctyv3ex2umns4d9ge';

export async function tokenId(app: FastifyInstance, code: string): Promise<string> {
  const [row] = await app.db.select({ id: tokens.id }).from(tokens).where(eq(tokens.code, code));
  if (!row) throw new Error(`no token ${code}`);
  return row.id;
}

export async function networkId(
  app: FastifyInstance,
  token: string,
  code: string,
): Promise<string> {
  const [row] = await app.db
    .select({ id: networks.id })
    .from(networks)
    .innerJoin(tokens, eq(tokens.id, networks.tokenId))
    .where(and(eq(tokens.code, token), eq(networks.code, code)));
  if (!row) throw new Error(`no network ${token}/${code}`);
  return row.id;
}

type DocumentStatus = 'uploaded' | 'approved' | 'rejected';

/** A document row's columns: a stored file, reviewed at `reviewedAt` unless uploaded. */
function documentRow(
  userId: string,
  type: DocumentType,
  status: DocumentStatus,
  reviewedAt: Date,
): NewDocument {
  return {
    userId,
    type,
    status,
    storageKey: `documents/${randomBytes(32).toString('hex')}`,
    originalName: `${type}.png`,
    mimeType: 'image/png',
    sizeBytes: 10,
    sha256: randomBytes(32).toString('hex'),
    ...(status === 'uploaded' ? {} : { reviewedAt }),
    ...(status === 'rejected' ? { rejectionReason: 'Blurred' } : {}),
  };
}

/** The customer's three documents, approved. */
export async function approveDocuments(app: FastifyInstance, userId: string): Promise<void> {
  const now = new Date();
  await app.db
    .insert(documents)
    .values(DOCUMENT_TYPES.map((type) => documentRow(userId, type, 'approved', now)));
}

/** A document of the customer uploaded at `createdAt`, in `status` (reviewed then, when not uploaded). */
export async function insertDocument(
  app: FastifyInstance,
  userId: string,
  type: DocumentType,
  createdAt: Date,
  status: DocumentStatus = 'uploaded',
): Promise<Document> {
  const [row] = await app.db
    .insert(documents)
    .values({ ...documentRow(userId, type, status, createdAt), createdAt })
    .returning();
  if (!row) throw new Error('document not inserted');
  return row;
}

/** A wallet row of the customer for `token` (PIX, DERIV, or a crypto token on `network`). */
export async function insertWallet(
  app: FastifyInstance,
  userId: string,
  token: string,
  network?: string,
): Promise<string> {
  const id = crypto.randomUUID();
  const base = { id, userId, tokenId: await tokenId(app, token) };
  if (token === 'PIX') {
    const [user] = await app.db.select({ cpf: users.cpf }).from(users).where(eq(users.id, userId));
    await app.db.insert(wallets).values({
      ...base,
      kind: 'pix',
      networkId: await networkId(app, 'PIX', 'BRL'),
      pixKeyType: 'cpf',
      pixKey: user?.cpf ?? '12345678909',
      bankCode: '260',
      holderName: 'Maria da Silva',
      holderDocument: user?.cpf ?? '12345678909',
    });
  } else if (token === 'DERIV') {
    await app.db.insert(wallets).values({
      ...base,
      kind: 'deriv',
      networkId: await networkId(app, 'DERIV', 'USD'),
      derivAccount: 'CR765432',
    });
  } else {
    const code = network ?? (token === 'BTC' ? 'BTC' : 'TRC20');
    await app.db.insert(wallets).values({
      ...base,
      kind: 'crypto',
      networkId: await networkId(app, token, code),
      address: code === 'TRC20' ? TRC20_ADDRESS : code === 'BTC' ? BTC_ADDRESS : EVM_ADDRESS,
    });
  }
  return id;
}

export interface Trader extends TestCustomer {
  /** wallet ids by token code */
  wallets: Record<string, string>;
}

/** A registered customer with a confirmed e-mail, approved documents and the wallets asked for. */
export async function trader(
  app: FastifyInstance,
  options: { locale?: 'pt-BR' | 'en-US'; wallets?: [token: string, network?: string][] } = {},
): Promise<Trader> {
  const customer = await registerCustomer(app, { locale: options.locale ?? 'pt-BR' });
  await approveDocuments(app, customer.id);
  const ids: Record<string, string> = {};
  for (const [token, network] of options.wallets ?? [['PIX']]) {
    ids[token] = await insertWallet(app, customer.id, token, network);
  }
  return { ...customer, wallets: ids };
}

export async function updateSettings(app: FastifyInstance, values: Partial<Settings>) {
  await app.db.update(settings).set(values).where(eq(settings.id, 1));
  settingsSnapshot(app.db).invalidate();
}

/** The per-customer limits (orders.limits.test.ts) raised out of the way of tests of other rules. */
export async function liftCustomerLimits(app: FastifyInstance) {
  await updateSettings(app, {
    customerMaxOpenOrders: 100,
    customerMaxOrderBrl: '100000000',
    customerMaxDailyBrl: '100000000',
    tier1DailyBrl: '100000000',
    tier1MonthlyBrl: '100000000',
    tier2DailyBrl: '100000000',
    tier2MonthlyBrl: '100000000',
    tier3DailyBrl: '100000000',
    tier3MonthlyBrl: '100000000',
  });
}

/** A request as `who` (its session cookie), in English unless `headers` say otherwise. */
export function callAs(
  app: FastifyInstance,
  who: { cookie: string },
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: { cookie: who.cookie, 'accept-language': 'en-US', ...headers },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
}

export async function lockQuote(app: FastifyInstance, cookie: string, body: QuoteRequest) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/orders/quote',
    headers: { cookie },
    payload: body,
  });
}

export const PIX_TO_USDT = {
  send: 'PIX',
  receive: 'USDT',
  network: 'TRC20',
  side: 'send',
  amount: '500',
} as const satisfies QuoteRequest;

export const USDT_TO_PIX: QuoteRequest = {
  send: 'USDT',
  receive: 'PIX',
  network: 'TRC20',
  side: 'send',
  amount: '100',
};

/** Locks `quote` and creates the order (paying with `paymentMethod` when given); throws on failure. */
export async function placeOrder(
  app: FastifyInstance,
  customer: Trader,
  quote: QuoteRequest = USDT_TO_PIX,
  extra: { paymentMethod?: string; walletToken?: string } = {},
): Promise<OrderView> {
  const locked = await lockQuote(app, customer.cookie, quote);
  if (locked.statusCode !== 200) throw new Error(`quote ${locked.statusCode}: ${locked.body}`);
  const walletId = customer.wallets[extra.walletToken ?? quote.receive];
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { cookie: customer.cookie },
    payload: {
      quoteToken: locked.json().quoteToken,
      walletId,
      ...(extra.paymentMethod ? { paymentMethod: extra.paymentMethod } : {}),
    },
  });
  if (created.statusCode !== 201) throw new Error(`order ${created.statusCode}: ${created.body}`);
  return created.json();
}

/** Sends every queued e-mail now (the tests run without background workers). */
export async function deliverEmails(app: FastifyInstance): Promise<number> {
  return app.jobs.drain(EMAIL_QUEUE);
}

/** Ledger sum per token code (credits - debits), straight from the table. */
export async function ledgerSums(app: FastifyInstance): Promise<Record<string, string>> {
  const rows = await app.db
    .select({
      code: tokens.code,
      sum: sql<string>`coalesce(sum(CASE WHEN ${treasuryEntries.direction} = 'credit' THEN ${treasuryEntries.amount} ELSE -${treasuryEntries.amount} END), 0)::text`,
    })
    .from(tokens)
    .leftJoin(treasuryEntries, eq(treasuryEntries.tokenId, tokens.id))
    .groupBy(tokens.code);
  return Object.fromEntries(rows.map((r) => [r.code, r.sum]));
}

/** A small valid PNG upload body for multipart routes, with extra text fields. */
export function multipartBody(
  file: { name: string; bytes: Buffer; type: string } | null,
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----order-test-${randomBytes(6).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let referenceCounter = 0;

/**
 * An order row inserted directly (USDT on TRC20 -> PIX, 100 USDT for 521.10 BRL, paid in crypto)
 * with its creation event; `values` overrides any column (e.g. status).
 */
export async function insertOrder(
  app: FastifyInstance,
  userId: string,
  values: Partial<NewOrder> = {},
): Promise<Order> {
  referenceCounter += 1;
  const now = new Date();
  const [row] = await app.db
    .insert(orders)
    .values({
      reference: `EX-T${String(referenceCounter).padStart(4, '0')}${randomBytes(2).toString('hex').toUpperCase()}`,
      userId,
      sendTokenId: await tokenId(app, 'USDT'),
      receiveTokenId: await tokenId(app, 'PIX'),
      networkId: await networkId(app, 'USDT', 'TRC20'),
      amountSend: '100',
      amountReceive: '521.10',
      rate: '5.4',
      feeRate: '3.5',
      priceSendBrl: '5.40',
      priceReceiveBrl: '1',
      addressToReceive: '12345678909',
      paymentMethod: 'crypto',
      quoteLockedUntil: new Date(now.getTime() + 15 * 60_000),
      expiresAt: new Date(now.getTime() + 30 * 60_000),
      ...values,
    })
    .returning();
  if (!row) throw new Error('order not inserted');
  await app.db.insert(orderEvents).values({
    orderId: row.id,
    fromStatus: null,
    toStatus: 'pending',
    actorType: 'customer',
    actorId: userId,
  });
  return row;
}

/** A storage key of the orders folder (the file need not exist for moves). */
export function fakeStorageKey(): string {
  return `orders/${randomBytes(32).toString('hex')}`;
}

/**
 * A PIX -> USDT (TRC20) order of `customer` (a trader with a USDT wallet) who says they paid:
 * 540 BRL for 95 USDT, paid out automatically once the funds are confirmed (when switched on).
 */
export async function insertPaidPixToUsdt(
  app: FastifyInstance,
  customer: Trader,
  values: Partial<NewOrder> = {},
): Promise<Order> {
  return insertOrder(app, customer.id, {
    sendTokenId: await tokenId(app, 'PIX'),
    receiveTokenId: await tokenId(app, 'USDT'),
    networkId: await networkId(app, 'USDT', 'TRC20'),
    amountSend: '540',
    amountReceive: '95',
    rate: '0.17777',
    priceSendBrl: '1',
    priceReceiveBrl: '5.4',
    networkFee: '1',
    walletId: customer.wallets.USDT,
    addressToReceive: TRC20_ADDRESS,
    paymentMethod: 'pix',
    status: 'user_confirmed',
    ...values,
  });
}
