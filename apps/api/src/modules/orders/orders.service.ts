import { randomBytes, randomInt } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import {
  CUSTOMER_LIMITS_TIME_ZONE,
  ceilTo,
  dec,
  floorTo,
  normalize,
  orderValueBrl,
  paymentMethodsFor,
  remainingBrl,
  TIER_LEVELS,
  tierLimitBroken,
  tierLimits,
  tierRemaining,
  toAmount,
  unitOf,
} from '@permuta/contracts';
import { calendarMonth } from '@permuta/contracts/tiers';
import { calendarDay } from '@permuta/contracts/operating-hours';
import type {
  LockedQuote,
  OrderFile,
  OrderLimits,
  OrderView,
  PaymentMethod,
  TierLimitsView,
  orderCreateSchema,
  orderListQuerySchema,
  orderPageSchema,
} from '@permuta/contracts';
import { customerLevel, documentsVerified } from '@permuta/db';
import type { Db, Settings, Tx } from '@permuta/db';
import type { z } from 'zod';
import { newStorageKey } from '../../adapters/storage/storage.ts';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { AppError, badRequest, notFound, unprocessable } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { checkDocumentFile } from '../documents/file-check.ts';
import type { UploadedFile } from '../documents/file-check.ts';
import type { PricingService, QuoteInput } from '../pricing/pricing.service.ts';
import { availableStock, lockStock } from '../treasury/treasury.service.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  requestHash,
} from './idempotency.ts';
import { orderLink } from './order-transition.ts';
import type { EnqueueEmail } from './order-transition.ts';
import type { OrderMover } from './order-mover.ts';
import { buildOrderView, depositNetworkOf, toListItem } from './order-view.ts';
import {
  customerOrderUsage,
  enhancedRequest,
  findCustomerWallet,
  findNetwork,
  findOrderDetail,
  findTokenRef,
  insertEvent,
  insertOrderWithReference,
  isQuoteReused,
  listCustomerHistory,
  listCustomerOrders,
  lockCustomer,
  quoteUsed,
  readSettings,
  updateOrderInStatus,
} from './orders.repository.ts';
import type { OrderDetailRow, OrderRow, TokenRef } from './orders.repository.ts';
import { amountToPay } from './payment-instructions.ts';
import { readQuote, signQuote } from './quote-token.ts';
import { settingsSnapshot } from './settings-snapshot.ts';
import { boletoIssueDeadline } from './boleto-deadlines.ts';
import { isTxHashValid } from './tx-hash.ts';

/** Storage folder of the files orders carry (proofs, boletos); names are random. */
export const ORDER_FILES_FOLDER = 'orders';

export interface CustomerCaller {
  userId: string;
  ip: string;
}

export interface OrdersServiceDeps {
  db: Db;
  /** every move and change of an order (order-mover.ts) */
  mover: OrderMover;
  /** the order's e-mails outside moves (order created) */
  enqueueEmail: EnqueueEmail;
  publicUrl: string;
  storage: FileStorage;
  pricing: Pick<PricingService, 'quote'>;
  /** HMAC key of quote tokens (see quote-token.ts) */
  quoteKey: Buffer;
  now: () => Date;
  logError: (details: object, message: string) => void;
  /** the development demo's fake providers run: the page offers to simulate a payment */
  demo?: boolean;
  /**
   * A PIX order's charge at the PSP (decision 041): whether one is wanted (asked before the
   * creation's transaction), and its row and job, queued in that transaction.
   */
  pixCharges?: {
    wanted(): Promise<boolean>;
    queue(tx: Tx, order: Pick<OrderRow, 'id' | 'expiresAt'>): Promise<void>;
  };
  /**
   * Run in the creation's transaction once the order's rows are written (the customer's row is
   * locked): the anti-money-laundering rules (decision 066) and the partners' `order.created`
   * webhook (decision 065).
   */
  created?: (tx: Tx, order: OrderRow, settings: Settings) => Promise<void>;
}

type CreateInput = z.output<typeof orderCreateSchema>;
type ListQuery = z.output<typeof orderListQuerySchema>;
type OrderPage = z.infer<typeof orderPageSchema>;

export interface StoredAnswer<T> {
  status: number;
  body: T;
}

/** The column of each file an order can carry. */
export const FILE_COLUMN: Record<OrderFile, keyof OrderRow> = {
  proof: 'proofStorageKey',
  payment_proof: 'paymentProofStorageKey',
  refund_proof: 'refundProofStorageKey',
  boleto: 'boletoStorageKey',
};

export interface OrderFileContent {
  bytes: Buffer;
  mimeType: string;
  fileName: string;
}

/** Reads a file of an order from storage, with a download name and the type of its content. */
export async function readOrderFile(
  storage: FileStorage,
  order: OrderRow,
  file: OrderFile,
): Promise<OrderFileContent> {
  const key = order[FILE_COLUMN[file]] as string | null;
  if (!key) throw notFound();
  const bytes = await storage.get(key);
  if (!bytes) throw new AppError('DOCUMENT_DOWNLOAD_FAILED', 500);
  const type = await fileTypeFromBuffer(bytes);
  const extension =
    type?.ext === 'jpg' || type?.ext === 'png' || type?.ext === 'pdf' ? type.ext : 'bin';
  return {
    bytes,
    mimeType: type?.mime ?? 'application/octet-stream',
    fileName: `${order.reference}-${file.replace('_', '-')}.${extension}`,
  };
}

/** The most of `token` the platform can still promise, for the INSUFFICIENT_STOCK message. */
export function stockError(token: TokenRef, available: string): AppError {
  const shown = dec(available).lt(0) ? dec(0) : floorTo(dec(available), token.precision);
  return unprocessable('INSUFFICIENT_STOCK', {
    token: unitOf(token),
    available: toAmount(shown),
  });
}

/** The customer's per-customer limits (settings) and what they used of them at `now`. */
async function customerLimits(
  conn: Db | Tx,
  userId: string,
  settings: Settings,
  now: Date,
): Promise<OrderLimits & { usedMonthBrl: string }> {
  const usage = await customerOrderUsage(
    conn,
    userId,
    calendarDay(now, CUSTOMER_LIMITS_TIME_ZONE),
    calendarMonth(now, CUSTOMER_LIMITS_TIME_ZONE),
  );
  const used = ceilTo(dec(usage.valueBrl), 2).toFixed(2);
  return {
    openOrders: usage.openOrders,
    maxOpenOrders: settings.customerMaxOpenOrders,
    maxOrderBrl: normalize(settings.customerMaxOrderBrl),
    maxDailyBrl: normalize(settings.customerMaxDailyBrl),
    usedTodayBrl: used,
    remainingTodayBrl: remainingBrl(settings.customerMaxDailyBrl, usage.valueBrl),
    usedMonthBrl: ceilTo(dec(usage.monthValueBrl), 2).toFixed(2),
  };
}

/**
 * Refuses an order of `valueBrl` that would break a per-customer limit: too many orders waiting
 * for payment, above the limit per order, above what is left of the day's limit, or above what
 * is left of the day's or the month's limit of the customer's KYC level (decision 062). Run
 * inside the creation transaction after lockCustomer, so concurrent creations count each other.
 * Every way of creating an order goes through here.
 */
async function checkCustomerLimits(
  tx: Tx,
  userId: string,
  settings: Settings,
  now: Date,
  valueBrl: string,
): Promise<void> {
  const limits = await customerLimits(tx, userId, settings, now);
  if (limits.openOrders >= limits.maxOpenOrders) {
    throw unprocessable('OPEN_ORDERS_LIMIT', {
      count: limits.openOrders,
      limit: limits.maxOpenOrders,
    });
  }
  if (dec(valueBrl).gt(limits.maxOrderBrl)) {
    throw unprocessable('ORDER_VALUE_LIMIT', { valueBrl, limitBrl: limits.maxOrderBrl });
  }
  if (dec(valueBrl).gt(limits.remainingTodayBrl)) {
    throw unprocessable('DAILY_VALUE_LIMIT', {
      remainingBrl: limits.remainingTodayBrl,
      limitBrl: limits.maxDailyBrl,
      valueBrl,
    });
  }
  const level = await customerLevel(tx, userId);
  // level 0 (e-mail not validated) never gets here: the route refuses it first
  const broken = tierLimitBroken(
    tierLimits(settings, level === 0 ? 1 : level),
    { todayBrl: limits.usedTodayBrl, monthBrl: limits.usedMonthBrl },
    valueBrl,
  );
  if (broken) {
    throw unprocessable('TIER_LIMIT_EXCEEDED', {
      level,
      period: broken.period,
      limitBrl: broken.limitBrl,
      remainingBrl: broken.remainingBrl,
      valueBrl,
      // the screen that shows the limits and how to raise them
      upgradePath: '/profile/limits',
      nextLevel: level < 3 ? level + 1 : 0,
    });
  }
}

/** Whether an order worth `valueBrl` needs two-factor on the account (0: never; decision 061). */
export function twoFactorNeeded(
  settings: Pick<Settings, 'twoFactorOrderAboveBrl'>,
  valueBrl: string,
) {
  const limit = dec(settings.twoFactorOrderAboveBrl);
  return limit.gt(0) && dec(valueBrl).gt(limit);
}

const METHOD_NAMES: Record<PaymentMethod, string> = {
  pix: 'PIX',
  bank_transfer: 'TED',
  boleto: 'boleto',
  crypto: 'crypto',
  deriv: 'Deriv',
};

/**
 * The customer's side of orders: locked quotes, creation (preconditions of PRODUCT.md section 3
 * in order, `Idempotency-Key`), the list and the page of an order, proof of payment, and the
 * customer's moves (confirm payment, cancel, confirm receipt) through the transition engine.
 */
export function createOrdersService(deps: OrdersServiceDeps) {
  const { db, storage } = deps;
  const pageSettings = settingsSnapshot(db);

  async function requireDocuments(userId: string, required: boolean): Promise<void> {
    if (required && !(await documentsVerified(db, userId))) {
      throw new AppError('DOCUMENTS_REQUIRED', 403);
    }
  }

  async function ownDetail(userId: string, id: string): Promise<OrderDetailRow> {
    const detail = await findOrderDetail(db, id, userId);
    if (!detail) throw notFound();
    return detail;
  }

  async function view(conn: Db | Tx, id: string, userId: string): Promise<OrderView> {
    const detail = await findOrderDetail(conn, id, userId);
    if (!detail) throw notFound();
    return buildOrderView(conn, detail, await readSettings(conn), deps.now(), 'customer');
  }

  async function move(
    caller: CustomerCaller,
    id: string,
    action: 'confirm_payment' | 'cancel' | 'complete',
    set?: { txHash?: string | null },
  ): Promise<OrderView> {
    return deps.mover.move(
      {
        order: id,
        action,
        actor: { type: 'customer', id: caller.userId, ip: caller.ip },
        at: deps.now(),
        ownerId: caller.userId,
        set,
      },
      (tx, moved) => view(tx, moved.order.id, caller.userId),
    );
  }

  async function createInTransaction(
    caller: CustomerCaller,
    input: CreateInput,
    idempotencyKey: string | undefined,
  ): Promise<OrderView> {
    const now = deps.now();
    const settings = await readSettings(db);
    // 1. e-mail validated: the route's guard. 2. documents:
    await requireDocuments(caller.userId, settings.documentsRequired);
    // 3. a fresh quote of this customer:
    const quote = readQuote(deps.quoteKey, input.quoteToken);
    if (!quote || quote.customerId !== caller.userId || quote.lockedUntil <= now.getTime()) {
      throw unprocessable('QUOTE_EXPIRED', {}, { quoteToken: 'quote.expired' });
    }
    const send = await findTokenRef(db, quote.send);
    const receive = await findTokenRef(db, quote.receive);
    if (!send || !receive || !send.enabled || !receive.enabled) {
      throw unprocessable('QUOTE_EXPIRED', {}, { quoteToken: 'quote.expired' });
    }
    const cryptoSide = receive.kind === 'crypto' ? receive : send.kind === 'crypto' ? send : null;
    const network =
      cryptoSide && quote.network ? await findNetwork(db, cryptoSide.id, quote.network) : null;
    if (cryptoSide && !network) {
      throw unprocessable('QUOTE_EXPIRED', {}, { quoteToken: 'quote.expired' });
    }
    // 4. a wallet of this customer for the token received, on the quote's network:
    const walletFits = (wallet: Awaited<ReturnType<typeof findCustomerWallet>>) =>
      wallet !== null &&
      wallet.tokenId === receive.id &&
      (receive.kind !== 'crypto' || wallet.networkId === network?.id);
    if (!walletFits(await findCustomerWallet(db, caller.userId, input.walletId))) {
      throw unprocessable('WALLET_REQUIRED', {}, { walletId: 'wallet.required' });
    }
    // 5. a payment method for the token sent:
    const allowed = paymentMethodsFor(send.kind);
    const method = input.paymentMethod ?? (allowed.length === 1 ? allowed[0] : undefined);
    if (!method || !allowed.includes(method)) {
      throw unprocessable(
        'PAYMENT_METHOD_INVALID',
        { methods: allowed.map((m) => (m === 'crypto' ? send.code : METHOD_NAMES[m])).join(', ') },
        { paymentMethod: 'field.required' },
      );
    }
    const extraFee = method === 'boleto' ? normalize(settings.boletoFee) : '0';
    const pixCharge = method === 'pix' && deps.pixCharges ? await deps.pixCharges.wanted() : false;

    return db.transaction(async (tx) => {
      // The customer's row is locked until commit: two creations of one customer run one after
      // the other, each seeing the other's order.
      const locked = await lockCustomer(tx, caller.userId);
      // 6. the quote is single-use. A quote is one customer's, so under that lock the read sees
      // any order of the quote already committed; the unique quote_id is the last word.
      if (await quoteUsed(tx, quote.quoteId)) throw new AppError('QUOTE_ALREADY_USED', 409);
      // 7. per-customer limits: orders waiting for payment, value per order and per day.
      const valueBrl = orderValueBrl(quote.amountSend, quote.priceSendBrl);
      await checkCustomerLimits(tx, caller.userId, settings, now, valueBrl);
      // 7b. two-factor above the limit the admin set (decision 061); read under the lock, so a
      // two-factor turned off meanwhile is seen.
      if (twoFactorNeeded(settings, valueBrl) && !locked?.twoFactorEnabled) {
        throw new AppError('TWO_FACTOR_REQUIRED_FOR_ORDER', 403, {
          limitBrl: normalize(settings.twoFactorOrderAboveBrl),
        });
      }
      // 8. stock: the token row is locked until commit, so two orders cannot both take the last units.
      await lockStock(tx, receive.id);
      const wallet = await findCustomerWallet(tx, caller.userId, input.walletId, { lock: true });
      if (!wallet || !walletFits(wallet)) {
        throw unprocessable('WALLET_REQUIRED', {}, { walletId: 'wallet.required' });
      }
      const available = await availableStock(tx, receive.id);
      if (dec(quote.amountReceive).gt(available)) throw stockError(receive, available);

      const order = await insertOrderWithReference(
        tx,
        {
          userId: caller.userId,
          sendTokenId: send.id,
          receiveTokenId: receive.id,
          networkId: network?.id ?? null,
          amountSend: quote.amountSend,
          amountReceive: quote.amountReceive,
          rate: quote.rate,
          feeRate: quote.feePercent,
          priceSendBrl: quote.priceSendBrl,
          priceReceiveBrl: quote.priceReceiveBrl,
          networkFee: quote.networkFee,
          extraFee,
          walletId: wallet.id,
          addressToReceive: wallet.address ?? wallet.pixKey ?? wallet.derivAccount ?? '',
          memoToReceive: wallet.kind === 'crypto' ? wallet.memo : null,
          refundAddress: input.refundAddress?.trim() ? input.refundAddress.trim() : null,
          paymentMethod: method,
          status: 'pending',
          statusChangedAt: now,
          quoteLockedUntil: new Date(quote.lockedUntil),
          quoteId: quote.quoteId,
          expiresAt:
            method === 'boleto'
              ? boletoIssueDeadline(settings, now)
              : new Date(now.getTime() + settings.pendingExpiryMinutes * 60_000),
          createdAt: now,
          updatedAt: now,
        },
        randomInt,
      ).catch((error: unknown) => {
        throw isQuoteReused(error) ? new AppError('QUOTE_ALREADY_USED', 409) : error;
      });
      // the PSP's charge is made by a job once the order commits (no PSP call in this request)
      if (pixCharge) await deps.pixCharges?.queue(tx, order);
      await insertEvent(tx, {
        orderId: order.id,
        fromStatus: null,
        toStatus: 'pending',
        actorType: 'customer',
        actorId: caller.userId,
        note: null,
        createdAt: now,
      });
      await writeAudit(tx, {
        actorType: 'customer',
        actorId: caller.userId,
        action: 'order.created',
        entityType: 'order',
        entityId: order.id,
        ip: caller.ip,
        after: {
          reference: order.reference,
          send: send.code,
          receive: receive.code,
          network: network?.code ?? null,
          amountSend: order.amountSend,
          amountReceive: order.amountReceive,
          rate: order.rate,
          feeRate: order.feeRate,
          paymentMethod: method,
          walletId: wallet.id,
        },
      });
      await deps.created?.(tx, order, settings);
      const detail = await findOrderDetail(tx, order.id, caller.userId);
      if (!detail) throw new Error('created order not found');
      const customer = detail.customer;
      await deps.enqueueEmail(
        tx,
        customer.email,
        {
          kind: 'order-created',
          name: customer.name,
          reference: order.reference,
          pay: { amount: amountToPay(order, send.precision), unit: unitOf(send) },
          receive: {
            amount: toAmount(dec(order.amountReceive), receive.precision),
            unit: unitOf(receive),
          },
          expiresAt: order.expiresAt.toISOString(),
          ...(method === 'boleto' ? { waitsForBoleto: true } : {}),
          link: orderLink(deps.publicUrl, customer.locale, order.reference),
        },
        customer.locale,
      );
      const created = await buildOrderView(tx, detail, settings, now, 'customer');
      if (idempotencyKey) {
        await completeIdempotencyKey(tx, {
          userId: caller.userId,
          key: idempotencyKey,
          status: 201,
          body: created,
        });
      }
      return created;
    });
  }

  return {
    /** A quote locked for the settings' minutes, refused above the available stock. */
    async lockQuote(caller: CustomerCaller, input: QuoteInput): Promise<LockedQuote> {
      const settings = await readSettings(db);
      await requireDocuments(caller.userId, settings.documentsRequired);
      const quote = await deps.pricing.quote(input);
      const receive = await findTokenRef(db, quote.receive);
      if (!receive) throw badRequest('TOKEN_NOT_FOUND', { token: quote.receive });
      const available = await availableStock(db, receive.id);
      if (dec(quote.amountReceive).gt(available)) throw stockError(receive, available);
      const lockedUntil = deps.now().getTime() + settings.quoteLockMinutes * 60_000;
      const quoteToken = signQuote(deps.quoteKey, {
        quoteId: randomBytes(16).toString('base64url'),
        customerId: caller.userId,
        send: quote.send,
        receive: quote.receive,
        network: quote.network,
        side: quote.side,
        amountSend: quote.amountSend,
        amountReceive: quote.amountReceive,
        rate: quote.rate,
        feePercent: quote.feePercent,
        networkFee: quote.networkFee,
        priceSendBrl: quote.prices.sendBrl,
        priceReceiveBrl: quote.prices.receiveBrl,
        lockedUntil,
      });
      return {
        ...quote,
        lockMinutes: settings.quoteLockMinutes,
        quoteToken,
        lockedUntil: new Date(lockedUntil).toISOString(),
      };
    },

    /**
     * Creates an order from a locked quote. With an idempotency key, a retry gets the first
     * answer again (see idempotency.ts).
     */
    async create(
      caller: CustomerCaller,
      input: CreateInput,
      idempotencyKey?: string,
    ): Promise<StoredAnswer<OrderView>> {
      if (idempotencyKey) {
        const claim = await claimIdempotencyKey(db, {
          userId: caller.userId,
          key: idempotencyKey,
          hash: requestHash('POST', '/api/v1/orders', input),
          now: deps.now(),
        });
        if (claim.kind === 'replay') {
          return { status: claim.status, body: claim.body as OrderView };
        }
      }
      try {
        return { status: 201, body: await createInTransaction(caller, input, idempotencyKey) };
      } catch (error) {
        if (idempotencyKey) {
          await releaseIdempotencyKey(db, { userId: caller.userId, key: idempotencyKey });
        }
        throw error;
      }
    },

    /** The caller's per-customer limits and what is left of them now. */
    async limits(userId: string): Promise<OrderLimits> {
      const { usedMonthBrl: _month, ...limits } = await customerLimits(
        db,
        userId,
        await readSettings(db),
        deps.now(),
      );
      return limits;
    },

    /** The caller's KYC level, its limits, what is used and left of them, and the enhanced request. */
    async tierLimits(userId: string): Promise<TierLimitsView> {
      const settings = await readSettings(db);
      const [level, usage, enhanced] = await Promise.all([
        customerLevel(db, userId),
        customerLimits(db, userId, settings, deps.now()),
        enhancedRequest(db, userId),
      ]);
      const own = tierLimits(settings, level === 0 ? 1 : level);
      return {
        level,
        documentsRequired: settings.documentsRequired,
        dailyBrl: own.dailyBrl,
        monthlyBrl: own.monthlyBrl,
        usedTodayBrl: usage.usedTodayBrl,
        usedMonthBrl: usage.usedMonthBrl,
        remainingTodayBrl: tierRemaining(own.dailyBrl, usage.usedTodayBrl),
        remainingMonthBrl: tierRemaining(own.monthlyBrl, usage.usedMonthBrl),
        levels: TIER_LEVELS.map((each) => ({ level: each, ...tierLimits(settings, each) })),
        enhanced,
      };
    },

    async list(userId: string, query: ListQuery): Promise<OrderPage> {
      const { rows, total } = await listCustomerOrders(db, {
        userId,
        status: query.status,
        page: query.page,
        pageSize: query.pageSize,
      });
      return { items: rows.map(toListItem), page: query.page, pageSize: query.pageSize, total };
    },

    /**
     * The caller's orders newest first, `limit` at a time after an opaque keyset cursor (the
     * partner API, decision 057): `nextCursor` is null on the last page. 400 for a bad cursor.
     */
    async listAfter(
      userId: string,
      query: { cursor?: string; limit: number },
    ): Promise<{ items: OrderPage['items']; nextCursor: string | null }> {
      let after: { createdAt: string; id: string } | undefined;
      if (query.cursor !== undefined) {
        const [createdAt = '', id = ''] = Buffer.from(query.cursor, 'base64url')
          .toString('utf8')
          .split('|');
        if (
          !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(createdAt) ||
          !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)
        ) {
          throw badRequest('BAD_REQUEST', {}, { cursor: 'cursor.invalid' });
        }
        after = { createdAt, id };
      }
      const rows = await listCustomerHistory(db, { userId, after, limit: query.limit + 1 });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(toListItem),
        nextCursor:
          rows.length > query.limit && last
            ? Buffer.from(`${last.cursorAt}|${last.id}`).toString('base64url')
            : null,
      };
    },

    /**
     * The caller's order page (a 404 for an order that is not theirs), for its route and its
     * live stream; the settings it shows (payment instructions, operating hours) from a
     * snapshot of at most 2 s.
     */
    async page(userId: string, id: string): Promise<OrderView> {
      const detail = await ownDetail(userId, id);
      const view = await buildOrderView(
        db,
        detail,
        await pageSettings.get(),
        deps.now(),
        'customer',
      );
      return deps.demo ? { ...view, demo: true } : view;
    },

    /** Stores the customer's proof of payment (document rules) on a pending order. */
    async uploadProof(caller: CustomerCaller, id: string, file: UploadedFile): Promise<OrderView> {
      const detail = await ownDetail(caller.userId, id);
      if (detail.order.status !== 'pending') {
        throw new AppError('ORDER_STATE_CONFLICT', 409, { status: detail.order.status });
      }
      if (detail.order.expiresAt.getTime() <= deps.now().getTime()) {
        throw new AppError('ORDER_EXPIRED', 409);
      }
      const checked = await checkDocumentFile(file);
      const key = newStorageKey(ORDER_FILES_FOLDER);
      await storage.put(key, checked.bytes);
      try {
        const result = await deps.mover.change(detail.order.id, async (tx) => {
          const updated = await updateOrderInStatus(tx, {
            id: detail.order.id,
            status: 'pending',
            ownerId: caller.userId,
            set: { proofStorageKey: key },
            at: deps.now(),
          });
          if (!updated) {
            const current = await findOrderDetail(tx, detail.order.id, caller.userId);
            throw new AppError('ORDER_STATE_CONFLICT', 409, {
              status: current?.order.status ?? detail.order.status,
            });
          }
          await writeAudit(tx, {
            actorType: 'customer',
            actorId: caller.userId,
            action: 'order.proof_uploaded',
            entityType: 'order',
            entityId: detail.order.id,
            ip: caller.ip,
            after: {
              reference: detail.order.reference,
              mimeType: checked.mimeType,
              sizeBytes: checked.sizeBytes,
              sha256: checked.sha256,
            },
          });
          return view(tx, detail.order.id, caller.userId);
        });
        // The proof it replaces (the row kept no reference to it any more).
        if (detail.order.proofStorageKey) await removeQuietly(detail.order.proofStorageKey);
        return result;
      } catch (error) {
        await removeQuietly(key);
        throw error;
      }
    },

    /** pending -> user_confirmed: needs a proof file already sent or a transaction hash now. */
    async confirmPayment(
      caller: CustomerCaller,
      id: string,
      input: { txHash?: string },
    ): Promise<OrderView> {
      const detail = await ownDetail(caller.userId, id);
      const txHash = input.txHash?.trim() || undefined;
      if (txHash) {
        const network =
          detail.send.kind === 'crypto'
            ? ((await depositNetworkOf(db, detail))?.code ?? null)
            : null;
        if (!isTxHashValid(network, txHash)) {
          throw badRequest(
            'TX_HASH_INVALID',
            { network: network ?? detail.send.code },
            { txHash: 'txHash.invalid' },
          );
        }
      }
      if (!txHash && !detail.order.proofStorageKey && detail.order.status === 'pending') {
        throw unprocessable('ORDER_PROOF_REQUIRED');
      }
      return move(caller, detail.order.id, 'confirm_payment', txHash ? { txHash } : undefined);
    },

    async cancel(caller: CustomerCaller, id: string): Promise<OrderView> {
      return move(caller, id, 'cancel');
    },

    async confirmReceipt(caller: CustomerCaller, id: string): Promise<OrderView> {
      return move(caller, id, 'complete');
    },

    async file(userId: string, id: string, file: OrderFile): Promise<OrderFileContent> {
      const detail = await ownDetail(userId, id);
      return readOrderFile(storage, detail.order, file);
    },
  };

  async function removeQuietly(key: string): Promise<void> {
    await storage.delete(key).catch((error: unknown) => {
      deps.logError({ err: error, storageKey: key }, 'order file not removed');
    });
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>;
