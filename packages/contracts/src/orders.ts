import { z } from 'zod';
import { CUSTOMER_SUMMARIES, ORDER_ACTIONS, ORDER_ACTORS, ORDER_STATUSES } from './order-state.ts';
import { quoteRequestSchema, quoteResponseSchema } from './quote.ts';
import { ceilTo, dec, floorTo } from './money.ts';
import { payoutErrorSchema } from './payout-errors.ts';
import { payoutPlanSchema } from './payout-plan.ts';
import { payoutHoldViewSchema } from './payout-risk.ts';
import {
  amountSchema,
  dateFilterSchema,
  positiveAmountSchema,
  tokenCodeSchema,
} from './validation.ts';

/**
 * Orders from quote to payout (PRODUCT.md section 3). URLs name an order by its reference
 * (`EX-7K2Q9`) or its id; both are accepted wherever `:id` appears. Customer routes only ever see
 * the caller's own orders (someone else's is a 404).
 *
 * Customer:
 * - POST /api/v1/orders/quote            lockedQuoteSchema: a quote locked for the settings' minutes
 * - GET  /api/v1/orders/limits           orderLimitsSchema: the caller's per-customer limits and what is left
 * - POST /api/v1/orders                  orderCreateSchema + `Idempotency-Key` header -> 201 orderSchema
 * - GET  /api/v1/orders                  orderListQuerySchema -> orderPageSchema (newest first)
 * - GET  /api/v1/orders/:id              orderSchema
 * - POST /api/v1/orders/:id/proof        multipart `file` (document rules) -> orderSchema
 * - POST /api/v1/orders/:id/confirm-payment  confirmPaymentSchema -> orderSchema (user_confirmed)
 * - POST /api/v1/orders/:id/cancel       -> orderSchema (canceled)
 * - POST /api/v1/orders/:id/confirm-receipt  -> orderSchema (completed)
 * - GET  /api/v1/orders/:id/files/:file  the file (ORDER_FILES) as an attachment
 * - GET  /api/v1/orders/:id/receipt.pdf  the receipt of a completed order (PDF, caller's language)
 * - GET  /api/v1/orders/export.csv       orderHistoryExportQuerySchema -> the caller's orders as CSV
 * Admin:
 * - GET  /api/v1/admin/orders            adminOrderListQuerySchema -> adminOrderPageSchema (keyset)
 * - GET  /api/v1/admin/orders/export.csv the same filters (and `ids`), every matching row, text/csv
 * - POST /api/v1/admin/orders/confirm-funds  adminBulkConfirmSchema -> adminBulkConfirmResultSchema
 * - GET  /api/v1/admin/orders/:id        adminOrderSchema
 * - POST /api/v1/admin/orders/:id/transition  adminTransitionSchema -> adminOrderSchema
 * - POST /api/v1/admin/orders/:id/pay    multipart `file` + `payoutTxId`? -> adminOrderSchema (admin_paid)
 * - POST /api/v1/admin/orders/:id/refund multipart `file` + `note` -> adminOrderSchema (refunded)
 * - POST /api/v1/admin/orders/:id/boleto multipart `file` (PDF) + `boletoLine`? -> adminOrderSchema
 * - GET  /api/v1/admin/orders/:id/files/:file
 * - GET  /api/v1/admin/treasury          treasurySchema (balances, reserved, available per token)
 * - GET  /api/v1/admin/treasury/entries  treasuryEntriesQuerySchema -> treasuryEntryPageSchema
 * - POST /api/v1/admin/treasury/adjustments  treasuryAdjustmentSchema -> 201 treasuryEntrySchema
 */

export const PAYMENT_METHODS = ['pix', 'bank_transfer', 'boleto', 'crypto', 'deriv'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How a customer may pay for a token sent: PIX money by PIX, TED or boleto; the rest by kind. */
export function paymentMethodsFor(kind: 'crypto' | 'pix' | 'deriv'): PaymentMethod[] {
  if (kind === 'pix') return ['pix', 'bank_transfer', 'boleto'];
  return [kind];
}

/** Business days a boleto may take to clear (PRODUCT.md section 1). */
export const BOLETO_BUSINESS_DAYS = 3;

/** Files an order can carry: the customer's proof of sending, the admin's payout and refund proofs, the boleto. */
export const ORDER_FILES = ['proof', 'payment_proof', 'refund_proof', 'boleto'] as const;
export type OrderFile = (typeof ORDER_FILES)[number];

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const orderActionSchema = z.enum(ORDER_ACTIONS);

/** A reference like EX-7K2Q9 or an order id (uuid). */
export const orderIdParamsSchema = z.object({
  id: z.string().trim().min(1).max(64),
});
export const orderFileParamsSchema = orderIdParamsSchema.extend({ file: z.enum(ORDER_FILES) });

// --- quote lock and creation ------------------------------------------------------------------

/** Same input as the public quote. */
export const orderQuoteRequestSchema = quoteRequestSchema;

/**
 * A quote the customer may turn into an order until `lockedUntil`: `quoteToken` is signed by the
 * server (amounts, rate, fee, prices, customer) so creating the order keeps exactly these numbers.
 */
export const lockedQuoteSchema = quoteResponseSchema
  .extend({
    quoteToken: z.string(),
    lockedUntil: z.iso.datetime(),
  })
  .meta({ id: 'LockedQuote' });
export type LockedQuote = z.infer<typeof lockedQuoteSchema>;

export const orderCreateSchema = z
  .object({
    quoteToken: z.string({ error: 'quote.expired' }).min(1, { error: 'quote.expired' }),
    /** the customer's wallet for the token received (on the quote's network) */
    walletId: z.string({ error: 'wallet.required' }).min(1, { error: 'wallet.required' }),
    /** required when sending PIX money (pix, bank_transfer or boleto); else implied by the token */
    paymentMethod: z.enum(PAYMENT_METHODS).optional(),
    /** where to return crypto sent if the order cannot be completed */
    refundAddress: z.string().trim().max(200).optional(),
  })
  .meta({ id: 'OrderCreate' });
export type OrderCreateInput = z.input<typeof orderCreateSchema>;

// --- per-customer limits ---------------------------------------------------------------------

/** The calendar day of the per-customer daily limit is this zone's. */
export const CUSTOMER_LIMITS_TIME_ZONE = 'America/Sao_Paulo';

/** Value of an order in BRL: the amount sent at the locked price of the token sent, up to the cent. */
export function orderValueBrl(amountSend: string, priceSendBrl: string): string {
  return ceilTo(dec(amountSend).times(priceSendBrl), 2).toFixed(2);
}

/** What is left of the daily limit after `usedBrl` (never below zero), down to the cent. */
export function remainingBrl(limitBrl: string, usedBrl: string): string {
  const left = dec(limitBrl).minus(usedBrl);
  return left.lt(0) ? '0.00' : floorTo(left, 2).toFixed(2);
}

/** GET /api/v1/orders/limits: the signed-in customer's limits (settings) and what is left today. */
export const orderLimitsSchema = z
  .object({
    /** the customer's orders waiting for payment (pending) now */
    openOrders: z.number().int(),
    maxOpenOrders: z.number().int(),
    /** BRL */
    maxOrderBrl: amountSchema,
    maxDailyBrl: amountSchema,
    /** value of today's orders (America/Sao_Paulo), canceled ones aside, BRL */
    usedTodayBrl: amountSchema,
    remainingTodayBrl: amountSchema,
  })
  .meta({ id: 'OrderLimits' });
export type OrderLimits = z.infer<typeof orderLimitsSchema>;

export const confirmPaymentSchema = z.object({
  /** optional; checked against the sending network's format when given */
  txHash: z.string().trim().max(200).optional(),
});

// --- what the customer sees ------------------------------------------------------------------

const side = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['crypto', 'pix', 'deriv']),
  precision: z.number().int(),
});

export const orderEventSchema = z.object({
  from: orderStatusSchema.nullable(),
  to: orderStatusSchema,
  actor: z.enum(ORDER_ACTORS),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

/** How to pay for the order, per method (what the order page shows while it is pending). */
export const paymentInstructionsSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('pix'),
    amount: amountSchema,
    /**
     * where the BR Code comes from: `charge`, the PSP's charge of this order (paid, it confirms
     * the order by itself); `preparing`, that charge is being made (no code yet: brCode and
     * qrCode are empty); `static`, the platform's key with the amount (no PSP, or the charge
     * could not be made)
     */
    source: z.enum(['static', 'preparing', 'charge']),
    /** BR Code "copia e cola" with the amount and the order reference */
    brCode: z.string(),
    /** the BR Code as a QR image (data: URL, SVG or PNG) */
    qrCode: z.string(),
    pixKey: z.string(),
    merchantName: z.string(),
  }),
  z.object({
    method: z.literal('bank_transfer'),
    amount: amountSchema,
    reference: z.string(),
    bankAccount: z
      .object({
        bank: z.string(),
        branch: z.string(),
        account: z.string(),
        holder: z.string(),
        document: z.string(),
      })
      .nullable(),
  }),
  z.object({
    method: z.literal('boleto'),
    /** amount plus the boleto's extra fee */
    amount: amountSchema,
    extraFee: amountSchema,
    businessDays: z.number().int(),
    /** the admin has uploaded the boleto PDF (download with files/boleto) */
    boletoAvailable: z.boolean(),
    /** the boleto's linha digitável (47 digits) when the admin typed it with the PDF */
    boletoLine: z.string().nullable(),
    /**
     * while the boleto is not issued: the order is canceled if it is still not issued then (the
     * order's expiresAt); null once issued
     */
    issueBy: z.iso.datetime().nullable(),
    /** the boleto's due date (YYYY-MM-DD, the desk's time zone) once issued; the order expires at its end */
    dueDate: z.iso.date().nullable(),
    /** when boletos are issued: the desk's operating hours */
    issueHours: z.object({
      timeZone: z.string(),
      /** ISO weekdays, 1 = Monday */
      days: z.array(z.number().int()),
      open: z.string(),
      close: z.string(),
    }),
  }),
  z.object({
    method: z.literal('crypto'),
    amount: amountSchema,
    token: z.string(),
    network: z.string(),
    networkName: z.string(),
    address: z.string().nullable(),
    /** the deposit address as a QR image (data: URL, SVG), '' without an address */
    qrCode: z.string(),
    memo: z.string().nullable(),
    minConfirmations: z.number().int(),
    tip: z.string().nullable(),
    notice: z.string().nullable(),
  }),
  z.object({
    method: z.literal('deriv'),
    amount: amountSchema,
    /** the platform's Deriv account to transfer to */
    account: z.string().nullable(),
  }),
]);
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;

/** A deposit seen for an order: how much, its confirmations so far, its transaction and when. */
export const orderDepositSchema = z
  .object({
    amount: amountSchema,
    /** confirmations seen so far, and the ones needed; null when the provider counts none */
    confirmations: z.number().int().nullable(),
    requiredConfirmations: z.number().int().nullable(),
    /** the blockchain transaction id, and the network it is on (for its explorer's link) */
    txId: z.string().nullable(),
    network: z.string().nullable(),
    seenAt: z.iso.datetime(),
    /** credited: the order's funds were confirmed with it */
    final: z.boolean(),
  })
  .meta({ id: 'OrderDeposit' });
export type OrderDeposit = z.infer<typeof orderDepositSchema>;

export const orderSchema = z
  .object({
    id: z.string(),
    reference: z.string(),
    status: orderStatusSchema,
    /**
     * the development demo's fake providers run (decision 045): the page offers to simulate the
     * payment; absent otherwise
     */
    demo: z.literal(true).optional(),
    summary: z.enum(CUSTOMER_SUMMARIES),
    send: side,
    receive: side,
    network: z.object({ code: z.string(), name: z.string() }).nullable(),
    amountSend: amountSchema,
    amountReceive: amountSchema,
    /** what the admin recorded as received (under- or over-payment recomputes amountReceive) */
    amountReceived: amountSchema.nullable(),
    /** the amount received was outside the order's limits: the order can only be refunded */
    refundOnly: z.boolean(),
    rate: amountSchema,
    /** the locked reference prices in BRL: the rate people read is computed from these */
    priceSendBrl: amountSchema,
    priceReceiveBrl: amountSchema,
    feePercent: amountSchema,
    networkFee: amountSchema,
    extraFee: amountSchema,
    paymentMethod: z.enum(PAYMENT_METHODS),
    addressToReceive: z.string(),
    memoToReceive: z.string().nullable(),
    refundAddress: z.string().nullable(),
    txHash: z.string().nullable(),
    payoutTxId: z.string().nullable(),
    files: z.object({
      proof: z.boolean(),
      payment_proof: z.boolean(),
      refund_proof: z.boolean(),
      boleto: z.boolean(),
    }),
    quoteLockedUntil: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    /** what the caller may do now (exactly the state machine's moves for the caller's role) */
    actions: z.array(orderActionSchema),
    events: z.array(orderEventSchema),
    /** null once the order is no longer waiting for the customer's payment */
    payment: paymentInstructionsSchema.nullable(),
    /** paid out (admin_paid): when it completes by itself unless the customer confirms first */
    completesAt: z.iso.datetime().nullable(),
    /** outside operating hours: when the order will be processed (ISO), else null */
    processingFrom: z.iso.datetime().nullable(),
    /**
     * The deposit a provider reported for the order (crypto seen at the exchange, decision 039):
     * "deposit seen, 3 of 12 confirmations" while not final. Null when none was seen.
     */
    deposit: orderDepositSchema.nullable(),
    /**
     * payments a provider reported for this order that are returned to their payer, and why:
     * from someone other than the customer, or an amount outside the order's limits
     */
    returnedPayments: z.array(
      z.object({
        amount: amountSchema,
        reason: z.enum(['payer_not_customer', 'amount_outside_limits']),
        /** asked of the provider / done */
        status: z.enum(['returning', 'returned']),
      }),
    ),
  })
  .meta({ id: 'Order' });
export type OrderView = z.infer<typeof orderSchema>;

export const orderListItemSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: orderStatusSchema,
  summary: z.enum(CUSTOMER_SUMMARIES),
  sendToken: z.string(),
  receiveToken: z.string(),
  amountSend: amountSchema,
  amountReceive: amountSchema,
  createdAt: z.iso.datetime(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

export const orderListQuerySchema = z.object({
  status: z.enum(['all', ...ORDER_STATUSES]).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(5).max(100).default(20),
});

export const orderPageSchema = z.object({
  items: z.array(orderListItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

// --- back office -----------------------------------------------------------------------------

export const ADMIN_ORDER_SORTS = ['newest', 'waiting', 'value'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

/** Most orders one bulk action (confirm funds, export) takes at once: a desk page's worth. */
export const MAX_BULK_ORDERS = 100;

const orderIdSchema = z.uuid();

/** The desk's status filter: a status, all, or the payouts held by the risk limits (043). */
export const ADMIN_STATUS_FILTERS = ['all', 'payout_held', ...ORDER_STATUSES] as const;
export type AdminStatusFilter = (typeof ADMIN_STATUS_FILTERS)[number];

export const adminOrderListQuerySchema = z.object({
  /** a status, `all`, or `payout_held` (funds confirmed, payout waiting for an approval) */
  status: z.enum(ADMIN_STATUS_FILTERS).default('all'),
  /** reference, customer name, e-mail, or transaction hash */
  q: z.string().trim().max(200).optional(),
  /** created at or after (ISO date or date-time) */
  from: dateFilterSchema.optional(),
  /** created before the end of this day (ISO date) or this instant */
  to: dateFilterSchema.optional(),
  /**
   * `newest` (created, newest first), `waiting` (longest in its current status first), `value`
   * (largest value in reais first); each is stable (ties broken by id) and keyset-paged
   */
  sort: z.enum(ADMIN_ORDER_SORTS).default('newest'),
  /** opaque keyset cursor from the previous page's `nextCursor` (of the same sort) */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(5).max(100).default(25),
});
export type AdminOrderListQuery = z.input<typeof adminOrderListQuerySchema>;

/** The CSV export: the list's filters and the file's dialect (see the export route). */
export const adminOrderExportQuerySchema = adminOrderListQuerySchema.extend({
  dialect: z.enum(['standard', 'excel-pt-BR']).default('standard'),
  /**
   * Only these orders (ids separated by commas, at most MAX_BULK_ORDERS), still within the
   * filters: the desk's ticked rows
   */
  ids: z
    .string()
    .max(MAX_BULK_ORDERS * 37)
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(orderIdSchema).min(1).max(MAX_BULK_ORDERS))
    .optional(),
});

/** Confirm funds of several orders: each at its expected amount (the amount to send). */
export const adminBulkConfirmSchema = z.object({
  /** an id given twice counts once */
  ids: z
    .array(orderIdSchema)
    .min(1)
    .max(MAX_BULK_ORDERS)
    .transform((ids) => [...new Set(ids)]),
});
export type AdminBulkConfirmInput = z.input<typeof adminBulkConfirmSchema>;

/** Per order: confirmed, or refused with the error's code and message (in the caller's language). */
export const adminBulkConfirmResultSchema = z.object({
  results: z.array(
    z.discriminatedUnion('outcome', [
      z.object({
        id: z.string(),
        reference: z.string().nullable(),
        outcome: z.literal('confirmed'),
        status: orderStatusSchema,
      }),
      z.object({
        id: z.string(),
        reference: z.string().nullable(),
        outcome: z.literal('refused'),
        code: z.string(),
        message: z.string(),
      }),
    ]),
  ),
});
export type AdminBulkConfirmResult = z.infer<typeof adminBulkConfirmResultSchema>;

/** GET /api/v1/orders/export.csv: the caller's whole history in a CSV dialect. */
export const orderHistoryExportQuerySchema = z.object({
  dialect: z.enum(['standard', 'excel-pt-BR']).default('standard'),
});

export const adminOrderListItemSchema = orderListItemSchema.extend({
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  network: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  txHash: z.string().nullable(),
  /** the amount sent in reais at the locked price (what `sort=value` orders by) */
  valueBrl: amountSchema,
  /** when the order entered its current status (what `sort=waiting` orders by) */
  statusChangedAt: z.iso.datetime(),
});

/** The desk counts matching orders up to this many; beyond, it says "more than" this. */
export const ADMIN_ORDER_COUNT_CAP = 10_000;

export const adminOrderPageSchema = z.object({
  items: z.array(adminOrderListItemSchema),
  /** null on the last page */
  nextCursor: z.string().nullable(),
  /** the orders matching the filters over all pages, counted up to ADMIN_ORDER_COUNT_CAP */
  total: z.number().int(),
  /** more orders match than ADMIN_ORDER_COUNT_CAP (then `total` is the cap) */
  totalCapped: z.boolean(),
});

/** A step of the order's history as the back office sees it: with the admin's username. */
export const adminOrderEventSchema = orderEventSchema.extend({
  /** username of the admin who made the move; null for the customer and the system */
  actorName: z.string().nullable(),
});

export const adminOrderSchema = orderSchema
  .extend({
    events: z.array(adminOrderEventSchema),
    customer: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      cpf: z.string(),
      phone: z.string(),
    }),
    wallet: z
      .object({
        id: z.string(),
        kind: z.enum(['crypto', 'pix', 'deriv']),
        /** address, PIX key or Deriv account as it is now (the order keeps its own copy) */
        destination: z.string(),
        bankCode: z.string().nullable(),
        holderName: z.string().nullable(),
        holderDocument: z.string().nullable(),
      })
      .nullable(),
    withdrawId: z.string().nullable(),
    payoutAttempts: z.number().int(),
    /** why the last automatic payout failed, as a code (payoutErrorText words it) */
    payoutError: payoutErrorSchema.nullable(),
    /** whether an automatic payout would run for this order (switch on, network withdraw enabled) */
    autoPayout: z.boolean(),
    /** what happens to the payout once the funds are confirmed (the confirm-funds dialog) */
    payoutPlan: payoutPlanSchema,
    /** the risk limits' hold of the automatic payout (decision 043); null when never held */
    payoutHold: payoutHoldViewSchema.nullable(),
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrderView = z.infer<typeof adminOrderSchema>;

/**
 * Admin moves without a file. confirm_funds needs `amountReceived` (in the token sent); cancel
 * after payment needs a note; submit_payout retries an automatic payout from error; complete.
 * Moves with a file (pay, refund) have their own multipart routes.
 */
export const adminTransitionSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('confirm_funds'),
    amountReceived: positiveAmountSchema,
    /**
     * Record an amount outside the order's limits (below the minimum, above the maximum) so that
     * the order can be refunded; without it such an amount is refused with a 422.
     */
    refundOnly: z.boolean().optional(),
  }),
  z.object({ action: z.literal('cancel'), note: z.string().trim().max(1000).optional() }),
  z.object({ action: z.literal('submit_payout') }),
  z.object({ action: z.literal('complete') }),
]);
export type AdminTransitionInput = z.input<typeof adminTransitionSchema>;

// --- treasury --------------------------------------------------------------------------------

export const treasuryBalanceSchema = z.object({
  token: z.string(),
  name: z.string(),
  precision: z.number().int(),
  /** sum of the ledger */
  balance: amountSchema,
  /** amounts to receive of orders in flight */
  reserved: amountSchema,
  /** balance - reserved (may be shown negative only if the ledger was adjusted below reservations) */
  available: z.string(),
});

export const treasurySchema = z.object({ balances: z.array(treasuryBalanceSchema) });

export const TREASURY_ENTRY_KINDS = ['funds_received', 'payout', 'refund', 'adjustment'] as const;

export const treasuryEntrySchema = z.object({
  id: z.number().int(),
  token: z.string(),
  direction: z.enum(['credit', 'debit']),
  amount: amountSchema,
  kind: z.enum(TREASURY_ENTRY_KINDS),
  orderReference: z.string().nullable(),
  note: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export const treasuryEntriesQuerySchema = z.object({
  token: tokenCodeSchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(5).max(100).default(25),
});

export const treasuryEntryPageSchema = z.object({
  items: z.array(treasuryEntrySchema),
  nextCursor: z.string().nullable(),
});

export const treasuryAdjustmentSchema = z.object({
  token: tokenCodeSchema,
  direction: z.enum(['credit', 'debit']),
  amount: positiveAmountSchema,
  note: z
    .string({ error: 'note.required' })
    .trim()
    .min(3, { error: 'note.required' })
    .max(500, { error: 'note.required' }),
  /**
   * A debit that leaves less than orders in flight reserve is refused (422 TREASURY_RESERVED)
   * unless the admin confirms it: the ledger must follow reality, and those orders then wait.
   */
  belowReserve: z.boolean().optional(),
});
