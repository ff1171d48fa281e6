import type { Db, Tx } from '@permuta/db';
import { moveOrder } from './order-transition.ts';
import type { EnqueueEmail, MoveHook, MoveRequest, MoveResult } from './order-transition.ts';

/**
 * The one door to an order's state machine (decision 030). Built once, in the composition root
 * (services.ts), with every side effect a move has beyond its transaction's own rows: the
 * automatic payout's hook and the announcement of committed changes (order pages, live streams).
 * Every caller — a customer's or an admin's route, a job, a payout run — moves orders through
 * the same mover, so a new caller cannot make a move with fewer side effects than the others.
 */
export interface OrderMover {
  /**
   * One move in its own transaction. `then` runs in that transaction after the move (e.g. to
   * read the order's new view); without it the move's result is returned. Once the transaction
   * has committed, the change is announced.
   */
  move<T = MoveResult>(
    request: MoveRequest,
    then?: (tx: Tx, moved: MoveResult) => Promise<T>,
  ): Promise<T>;
  /**
   * A change to an order other than a move (a file attached, a withdrawal id recorded), in its
   * own transaction, announced after the commit as a move is.
   */
  change<T>(orderId: string, work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Moves and other writes in one transaction (a payment recorded with the moves it makes):
   * `move` makes each move with every hook, in `tx`; every order it moved, and every order
   * named with `touched`, is announced once the transaction has committed.
   */
  transaction<T>(
    work: (tx: Tx, move: TransactionMove, touched: (orderId: string) => void) => Promise<T>,
  ): Promise<T>;
  /**
   * An admin's payout or refund by hand (`work`, outside any transaction): refused while an
   * automatic withdrawal of the order may be live or done at the exchange.
   */
  settleByHand<T>(orderId: string, work: () => Promise<T>): Promise<T>;
}

/**
 * Work of a move in its transaction that may hand back what to do once the transaction has
 * committed (e.g. observe a metric): nothing of it is told for a move that rolled back.
 */
export type MoveObserver = (tx: Tx, moved: MoveResult) => Promise<(() => void) | undefined>;

/** A move inside `OrderMover.transaction`. */
export type TransactionMove = (request: MoveRequest) => Promise<MoveResult>;

export interface OrderMoverDeps {
  db: Db;
  enqueueEmail: EnqueueEmail;
  publicUrl: string;
  /** work of every move in its transaction, in order (e.g. queueing an automatic payout) */
  afterMove?: readonly MoveHook[];
  /** guards a payout or refund by hand (the automatic payouts' exchange look-up) */
  settleByHand?: <T>(orderId: string, work: () => Promise<T>) => Promise<T>;
  /** told, after the commit, of every order a move or change touched */
  committed?: readonly ((orderId: string) => void)[];
  /** run in each move's transaction; what they hand back runs after the commit */
  observers?: readonly MoveObserver[];
  /** whether the customer wants the status e-mails (decision 060); absent: always */
  wantsStatusEmail?: (tx: Tx, userId: string) => Promise<boolean>;
}

export function createOrderMover(deps: OrderMoverDeps): OrderMover {
  const hooks = deps.afterMove ?? [];
  const listeners = deps.committed ?? [];
  const observers = deps.observers ?? [];
  /** the move's dependencies for one transaction, gathering what runs after its commit */
  const moveDepsFor = (afterCommit: (() => void)[]) => ({
    enqueueEmail: deps.enqueueEmail,
    publicUrl: deps.publicUrl,
    ...(deps.wantsStatusEmail ? { wantsStatusEmail: deps.wantsStatusEmail } : {}),
    afterMove: async (tx: Tx, moved: MoveResult) => {
      for (const hook of hooks) await hook(tx, moved);
      for (const observe of observers) {
        const then = await observe(tx, moved);
        if (then) afterCommit.push(then);
      }
    },
  });

  function announce(orderId: string): void {
    for (const listener of listeners) listener(orderId);
  }

  return {
    async move<T = MoveResult>(
      request: MoveRequest,
      then?: (tx: Tx, moved: MoveResult) => Promise<T>,
    ): Promise<T> {
      let orderId = '';
      const afterCommit: (() => void)[] = [];
      const answer = await deps.db.transaction(async (tx) => {
        const moved = await moveOrder(tx, moveDepsFor(afterCommit), request);
        orderId = moved.order.id;
        return then ? then(tx, moved) : (moved as T);
      });
      for (const done of afterCommit) done();
      announce(orderId);
      return answer;
    },

    async change<T>(orderId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
      const answer = await deps.db.transaction(work);
      announce(orderId);
      return answer;
    },

    async transaction<T>(
      work: (tx: Tx, move: TransactionMove, touched: (orderId: string) => void) => Promise<T>,
    ): Promise<T> {
      const orderIds = new Set<string>();
      const afterCommit: (() => void)[] = [];
      const moveDeps = moveDepsFor(afterCommit);
      const answer = await deps.db.transaction(async (tx) =>
        work(
          tx,
          async (request) => {
            const moved = await moveOrder(tx, moveDeps, request);
            orderIds.add(moved.order.id);
            return moved;
          },
          (orderId) => orderIds.add(orderId),
        ),
      );
      for (const done of afterCommit) done();
      for (const orderId of orderIds) announce(orderId);
      return answer;
    },

    settleByHand<T>(orderId: string, work: () => Promise<T>): Promise<T> {
      return deps.settleByHand ? deps.settleByHand(orderId, work) : work();
    },
  };
}
