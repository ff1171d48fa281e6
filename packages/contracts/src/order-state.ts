/**
 * The order state machine of PRODUCT.md section 3, as data: one row per allowed move. The API
 * turns a row into `UPDATE orders SET status = $to WHERE id = $id AND status = $from`; the web
 * shows exactly the actions this table allows from an order's status for the signed-in role.
 */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'paid',
  'user_confirmed',
  'admin_confirmed',
  'admin_paid',
  'completed',
  'canceled',
  'refunded',
  'error',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const FINAL_STATUSES = [
  'completed',
  'canceled',
  'refunded',
] as const satisfies readonly OrderStatus[];

/**
 * Orders whose amount to receive is no longer owed: the final ones and admin_paid (paid out, its
 * payout entry is in the ledger). Every other status reserves stock of the token received.
 */
export const NOT_OWED_STATUSES = [
  ...FINAL_STATUSES,
  'admin_paid',
] as const satisfies readonly OrderStatus[];

/**
 * Orders that do not count against a customer's value limits (per day, per month, per KYC level,
 * decision 062): canceled (expired orders are canceled) and refunded; every other status counts.
 */
export const NOT_COUNTED_FOR_LIMITS_STATUSES = [
  'canceled',
  'refunded',
] as const satisfies readonly OrderStatus[];

/** Orders whose payout went out: a customer's "finished" orders (the payout risk limits, 043). */
export const PAID_OUT_STATUSES = [
  'admin_paid',
  'completed',
] as const satisfies readonly OrderStatus[];

/** Orders that still hold stock and a wallet: everything not final. */
export const OPEN_STATUSES = ORDER_STATUSES.filter(
  (status) => !(FINAL_STATUSES as readonly OrderStatus[]).includes(status),
) as readonly OrderStatus[];

/**
 * Orders still waiting for their funds: a payment a provider reports (or an admin attaches from
 * the inbox) may confirm them. The statuses `detect_deposit` and the system's `confirm_funds`
 * start from.
 */
export const AWAITING_FUNDS_STATUSES = [
  'pending',
  'user_confirmed',
  'paid',
] as const satisfies readonly OrderStatus[];

export const ORDER_ACTORS = ['customer', 'admin', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export const ORDER_ACTIONS = [
  /** customer: paid, sends proof and/or tx hash */
  'confirm_payment',
  /** system: the deposit was seen on the platform's account */
  'detect_deposit',
  /** customer or admin cancels; the system when the lock expires; admin when funds never came */
  'cancel',
  /**
   * admin: funds seen on the platform's account (records the amount received); system: the
   * provider reported them (the PSP, the exchange's deposit history, the Deriv statement)
   */
  'confirm_funds',
  /** system: automatic crypto payout submitted; admin: retry after an error */
  'submit_payout',
  /** admin: paid by hand, payment proof uploaded */
  'pay',
  /** system: the exchange reports the withdrawal done */
  'payout_done',
  /** system: the exchange rejected the withdrawal or did not answer */
  'payout_failed',
  /** customer confirms receipt, admin completes, or the 72 h pass */
  'complete',
  /** admin: funds returned, proof uploaded; system: the provider returned them */
  'refund',
  /**
   * finance: an automatic payout found made twice at its provider (Deriv's `deriv_paid_twice`) is
   * closed with what was done about the duplicate (returned by the customer, written off)
   */
  'settle_paid_twice',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export interface OrderTransition {
  readonly action: OrderAction;
  readonly from: OrderStatus;
  readonly to: OrderStatus;
  readonly actors: readonly OrderActor[];
  /** the admin must say why (cancel after payment, refund) */
  readonly noteRequired?: boolean;
  /** a file must come with the move: the admin's payment or refund proof */
  readonly proofRequired?: boolean;
}

/**
 * The table as the state machine's mover reads it: an action may start from several statuses
 * but always ends in one (the compare-and-set moves every source to that target). A table that
 * gives an action two targets is refused when the module loads, naming the action, so that a
 * new row can never make a move land in the wrong status.
 */
export function checkedTransitions(rows: readonly OrderTransition[]): readonly OrderTransition[] {
  const targets = new Map<OrderAction, OrderStatus>();
  for (const row of rows) {
    const target = targets.get(row.action);
    if (target !== undefined && target !== row.to) {
      throw new Error(
        `order transitions: '${row.action}' leads to both '${target}' and '${row.to}'; ` +
          'one action has one target (give the new move an action of its own)',
      );
    }
    targets.set(row.action, row.to);
  }
  return rows;
}

export const ORDER_TRANSITIONS: readonly OrderTransition[] = checkedTransitions([
  { action: 'confirm_payment', from: 'pending', to: 'user_confirmed', actors: ['customer'] },
  { action: 'detect_deposit', from: 'pending', to: 'paid', actors: ['system'] },
  { action: 'cancel', from: 'pending', to: 'canceled', actors: ['customer', 'admin', 'system'] },
  // the system confirms funds its provider reported (PIX PSP, exchange deposit, Deriv statement)
  {
    action: 'confirm_funds',
    from: 'user_confirmed',
    to: 'admin_confirmed',
    actors: ['admin', 'system'],
  },
  { action: 'confirm_funds', from: 'paid', to: 'admin_confirmed', actors: ['admin', 'system'] },
  {
    action: 'cancel',
    from: 'user_confirmed',
    to: 'canceled',
    actors: ['admin'],
    noteRequired: true,
  },
  { action: 'cancel', from: 'paid', to: 'canceled', actors: ['admin'], noteRequired: true },
  { action: 'submit_payout', from: 'admin_confirmed', to: 'processing', actors: ['system'] },
  {
    action: 'pay',
    from: 'admin_confirmed',
    to: 'admin_paid',
    actors: ['admin'],
    proofRequired: true,
  },
  { action: 'payout_done', from: 'processing', to: 'admin_paid', actors: ['system'] },
  { action: 'payout_failed', from: 'processing', to: 'error', actors: ['system'] },
  { action: 'submit_payout', from: 'error', to: 'processing', actors: ['admin'] },
  { action: 'pay', from: 'error', to: 'admin_paid', actors: ['admin'], proofRequired: true },
  // only for an order whose payout stopped as made twice (the provider's transactions are its proof)
  {
    action: 'settle_paid_twice',
    from: 'error',
    to: 'admin_paid',
    actors: ['admin'],
    noteRequired: true,
  },
  {
    action: 'complete',
    from: 'admin_paid',
    to: 'completed',
    actors: ['customer', 'admin', 'system'],
  },
  {
    action: 'refund',
    from: 'admin_confirmed',
    to: 'refunded',
    actors: ['admin'],
    noteRequired: true,
    proofRequired: true,
  },
  // the system returns a payment its provider refunded (the provider's receipt is the proof)
  { action: 'refund', from: 'admin_confirmed', to: 'refunded', actors: ['system'] },
  {
    action: 'refund',
    from: 'error',
    to: 'refunded',
    actors: ['admin'],
    noteRequired: true,
    proofRequired: true,
  },
]);

export function isFinalStatus(status: OrderStatus): boolean {
  return (FINAL_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Where `action` leads, from whichever status it starts (one target per action, see above). */
export function targetOf(action: OrderAction): OrderStatus | null {
  return ORDER_TRANSITIONS.find((t) => t.action === action)?.to ?? null;
}

/** The move `actor` may make with `action` from `from`, or null when the machine forbids it. */
export function findTransition(
  from: OrderStatus,
  action: OrderAction,
  actor: OrderActor,
): OrderTransition | null {
  return (
    ORDER_TRANSITIONS.find(
      (t) => t.from === from && t.action === action && t.actors.includes(actor),
    ) ?? null
  );
}

/**
 * Moves that pay the customer out. An order whose funds arrived outside its limits (recorded as
 * refund-only when the admin confirmed them) may make none of them: it can only be refunded.
 */
export const PAYOUT_ACTIONS: readonly OrderAction[] = ['submit_payout', 'pay', 'payout_done'];

export interface OrderFlags {
  /** the funds arrived outside the order's limits: only a refund remains (PRODUCT.md section 3) */
  refundOnly?: boolean;
  /** its automatic payout stopped as made twice (deriv_paid_twice): only then settle_paid_twice */
  paidTwice?: boolean;
}

/** Whether the order's flags rule out `action` whatever its status. */
export function blockedByFlags(action: OrderAction, flags: OrderFlags = {}): boolean {
  if (action === 'settle_paid_twice') return flags.paidTwice !== true;
  return flags.refundOnly === true && PAYOUT_ACTIONS.includes(action);
}

/** Every move `actor` may make from `status` (what an order page offers, and nothing more). */
export function allowedTransitions(
  status: OrderStatus,
  actor: OrderActor,
  flags: OrderFlags = {},
): OrderTransition[] {
  return ORDER_TRANSITIONS.filter(
    (t) => t.from === status && t.actors.includes(actor) && !blockedByFlags(t.action, flags),
  );
}

/** The statuses a move with `action` may start from, for any actor: the compare-and-set guard. */
export function sourcesOf(action: OrderAction, actor: OrderActor): OrderStatus[] {
  return ORDER_TRANSITIONS.filter((t) => t.action === action && t.actors.includes(actor)).map(
    (t) => t.from,
  );
}

export const CUSTOMER_SUMMARIES = [
  'not_paid_yet',
  'waiting_deposit_confirmation',
  'waiting_admin_confirmation',
  /** funds confirmed, the automatic payout held by the risk limits (decision 043); no reasons */
  'under_review',
  'closed',
] as const;
export type CustomerSummary = (typeof CUSTOMER_SUMMARIES)[number];

/** What a customer reads for a status (the exact status is shown beside "closed"). */
export function customerSummary(status: OrderStatus): CustomerSummary {
  switch (status) {
    case 'pending':
      return 'not_paid_yet';
    case 'user_confirmed':
    case 'paid':
      return 'waiting_deposit_confirmation';
    case 'admin_confirmed':
    case 'processing':
    case 'error':
      return 'waiting_admin_confirmation';
    case 'admin_paid':
    case 'completed':
    case 'canceled':
    case 'refunded':
      return 'closed';
  }
}

/**
 * How the customer's pages, e-mails and receipts name each status, in both languages (written
 * with a capital as a label; mid-sentence the e-mails use a small first letter).
 */
export const ORDER_STATUS_NAMES: Record<OrderStatus, { 'en-US': string; 'pt-BR': string }> = {
  pending: { 'en-US': 'Pending', 'pt-BR': 'Pendente' },
  processing: { 'en-US': 'Payout in progress', 'pt-BR': 'Pagamento em andamento' },
  paid: { 'en-US': 'Deposit detected', 'pt-BR': 'Depósito detectado' },
  user_confirmed: { 'en-US': 'Payment sent', 'pt-BR': 'Pagamento enviado' },
  admin_confirmed: { 'en-US': 'Funds confirmed', 'pt-BR': 'Fundos confirmados' },
  admin_paid: { 'en-US': 'Paid', 'pt-BR': 'Pago' },
  completed: { 'en-US': 'Completed', 'pt-BR': 'Concluído' },
  canceled: { 'en-US': 'Canceled', 'pt-BR': 'Cancelado' },
  refunded: { 'en-US': 'Refunded', 'pt-BR': 'Reembolsado' },
  error: { 'en-US': 'Payout on hold', 'pt-BR': 'Pagamento em espera' },
};

/** English wording of the summaries, word for word from the specification. */
export const CUSTOMER_SUMMARY_TEXT: Record<CustomerSummary, { 'en-US': string; 'pt-BR': string }> =
  {
    not_paid_yet: { 'en-US': 'not paid yet', 'pt-BR': 'ainda não pago' },
    waiting_deposit_confirmation: {
      'en-US': 'waiting deposit confirmation',
      'pt-BR': 'aguardando confirmação do depósito',
    },
    waiting_admin_confirmation: {
      'en-US': 'waiting for admin confirmation',
      'pt-BR': 'aguardando confirmação do administrador',
    },
    under_review: { 'en-US': 'under review', 'pt-BR': 'em análise' },
    closed: { 'en-US': 'closed', 'pt-BR': 'encerrado' },
  };
