import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_ACTIONS,
  ORDER_ACTORS,
  ORDER_TRANSITIONS,
  allowedTransitions,
  dec,
  findTransition,
  isFinalStatus,
} from '@permuta/contracts';
import type { OrderAction, OrderActor, OrderStatus, OrderTransition } from '@permuta/contracts';
import { auditLog, orderEvents, orders, treasuryEntries } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import { AppError } from '../../lib/app-error.ts';
import { EMAIL_QUEUE } from '../../lib/jobs.ts';
import { moveOrder } from './order-transition.ts';
import type { MoveDeps } from './order-transition.ts';
import { fakeStorageKey, insertOrder, ledgerSums, tokenId, trader } from './test-support.ts';

/**
 * The state machine through the engine: random sequences of actions by random actors on fresh
 * orders. Only the moves PRODUCT.md allows change anything (each with one event and one e-mail),
 * final states never change, and the ledger moves exactly as the moves say, never below zero.
 */

let t: TestApp;
let deps: MoveDeps;
let customerId: string;
let adminId: string;

beforeAll(async () => {
  t = await buildTestApp();
  deps = {
    enqueueEmail: (tx, to, template, locale) => t.app.enqueueEmail(tx, to, template, locale),
    publicUrl: t.config.publicUrl,
  };
  customerId = (await trader(t.app)).id;
  adminId = (await signInAdmin(t.app)).id;
  // stock enough for every over-payment the runs record, whatever the orders left in flight
  await t.app.db.insert(treasuryEntries).values({
    tokenId: await tokenId(t.app, 'PIX'),
    direction: 'credit',
    amount: '100000000',
    kind: 'adjustment',
    note: 'stock for the state-machine runs',
  });
});
afterAll(async () => t?.close());

// Half the steps follow the machine: at run time they take one of the moves allowed from the
// order's status (chosen by `pick`), so that runs get deep into it; the other half are any action
// by any actor, mostly refused. A walk that follows the table to each final state is always run.
const guided = fc.nat().map((pick) => ({ guided: true as const, pick }));
const anyMove = fc.record({
  guided: fc.constant(false as const),
  action: fc.constantFrom(...ORDER_ACTIONS),
  actor: fc.constantFrom(...ORDER_ACTORS),
});
// What the admin records as received when confirming the funds (the order is 100 USDT for
// 521.10 PIX, PIX limits 50 to 50,000): exact, under and over within the limits, below the
// minimum, above the maximum; and whether the admin records an amount outside them for a refund.
const RECEIVED = ['100', '99.5', '100.5', '5', '20000'] as const;
const OUTSIDE: Record<string, string> = {
  '5': 'AMOUNT_RECEIVED_BELOW_MINIMUM',
  '20000': 'AMOUNT_RECEIVED_ABOVE_MAXIMUM',
};
const step = fc
  .tuple(fc.oneof(guided, anyMove), fc.boolean(), fc.constantFrom(...RECEIVED), fc.boolean())
  .map(([move, withNote, received, refundOnly]) => ({ move, withNote, received, refundOnly }));
type Step = {
  move: { guided: true; pick: number } | { guided: false; action: OrderAction; actor: OrderActor };
  withNote: boolean;
  received: string;
  refundOnly: boolean;
};

/** The action and actor of a step from `status`: a guided step with nowhere to go does nothing. */
function resolve(
  status: OrderStatus,
  move: Step['move'],
): { action: OrderAction; actor: OrderActor } | null {
  if (!move.guided) return move;
  const moves = ORDER_TRANSITIONS.filter((t) => t.from === status).flatMap((t) =>
    t.actors.map((actor) => ({ action: t.action, actor })),
  );
  return moves.length === 0 ? null : moves[move.pick % moves.length]!;
}

const walk = (...actions: [OrderAction, OrderActor][]): Step[] =>
  actions.map(([action, actor]) => ({
    move: { guided: false, action, actor },
    withNote: true,
    received: '100',
    refundOnly: false,
  }));
const WALKS: Step[][] = [
  walk(
    ['confirm_payment', 'customer'],
    ['confirm_funds', 'admin'],
    ['pay', 'admin'],
    ['complete', 'customer'],
  ),
  walk(
    ['detect_deposit', 'system'],
    ['confirm_funds', 'admin'],
    ['submit_payout', 'system'],
    ['payout_failed', 'system'],
    ['refund', 'admin'],
  ),
  walk(['confirm_payment', 'customer'], ['cancel', 'admin']),
  // below the minimum, recorded for a refund: a payout is refused, the refund goes through
  [
    ...walk(['confirm_payment', 'customer']),
    { ...walk(['confirm_funds', 'admin'])[0]!, received: '5', refundOnly: true },
    ...walk(['pay', 'admin'], ['submit_payout', 'system'], ['refund', 'admin']),
  ],
  walk(
    ['detect_deposit', 'system'],
    ['confirm_funds', 'admin'],
    ['submit_payout', 'system'],
    ['payout_done', 'system'],
  ),
  walk(
    ['confirm_payment', 'customer'],
    ['confirm_funds', 'admin'],
    ['submit_payout', 'system'],
    ['payout_failed', 'system'],
  ),
];

async function queuedEmails(): Promise<number> {
  return (await t.app.jobs.queued(EMAIL_QUEUE)).length;
}

describe('the order state machine through the transition engine', () => {
  it('changes an order only by allowed moves, one event and one e-mail each, and keeps the ledger exact', async () => {
    const reached = new Set<OrderStatus>();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const order = await insertOrder(t.app, customerId);
        const ledgerBefore = await ledgerSums(t.app);
        const mailsBefore = await queuedEmails();
        let status: OrderStatus = 'pending';
        let refundOnly = false;
        let amountReceive = dec(order.amountReceive);
        let amountReceived = dec(0);
        let moves = 0;
        const delta: Record<string, ReturnType<typeof dec>> = { USDT: dec(0), PIX: dec(0) };

        for (const { move, withNote, received, refundOnly: forRefund } of steps) {
          const resolved = resolve(status, move);
          if (!resolved) continue;
          const { action, actor } = resolved;
          const inTable: OrderTransition | null = findTransition(status, action, actor);
          const allowed: OrderTransition | undefined = allowedTransitions(status, actor, {
            refundOnly,
          }).find((t) => t.action === action);
          const note = withNote ? 'checked with the bank' : null;
          const attempt = t.app.db.transaction((tx) =>
            moveOrder(tx, deps, {
              order: order.id,
              action,
              actor: {
                type: actor,
                id: actor === 'system' ? null : actor === 'admin' ? adminId : customerId,
              },
              at: new Date(),
              note,
              amountReceived: action === 'confirm_funds' ? received : undefined,
              refundOnly: action === 'confirm_funds' ? forRefund : undefined,
              set:
                action === 'pay'
                  ? { paymentProofStorageKey: fakeStorageKey() }
                  : action === 'refund'
                    ? { refundProofStorageKey: fakeStorageKey() }
                    : undefined,
              // a customer only ever moves its own orders
              ownerId: actor === 'customer' ? customerId : undefined,
            }),
          );
          const outsideCode = action === 'confirm_funds' ? OUTSIDE[received] : undefined;
          if (
            allowed &&
            (!allowed.noteRequired || note) &&
            !(outsideCode !== undefined && !forRefund)
          ) {
            const result = await attempt;
            expect(result.from).toBe(status);
            expect(result.to).toBe(allowed.to);
            status = allowed.to;
            moves += 1;
            if (action === 'confirm_funds') {
              amountReceived = dec(received);
              refundOnly = outsideCode !== undefined;
              expect(result.order.refundOnly).toBe(refundOnly);
              // recomputed at the locked rate within the limits; kept (never paid) outside them
              if (refundOnly || received === '100') {
                expect(dec(result.order.amountReceive).eq(amountReceive)).toBe(true);
              } else {
                expect(dec(result.order.amountReceive).gt(amountReceive)).toBe(
                  dec(received).gt(100),
                );
              }
              amountReceive = dec(result.order.amountReceive);
              delta.USDT = delta.USDT!.plus(amountReceived);
            }
            if (action === 'pay' || action === 'payout_done') {
              delta.PIX = delta.PIX!.minus(amountReceive);
            }
            if (action === 'refund') delta.USDT = delta.USDT!.minus(amountReceived);
          } else {
            const error = await attempt.then(
              () => null,
              (e: unknown) => e,
            );
            expect(error).toBeInstanceOf(AppError);
            const code = (error as AppError).code;
            const expected = !inTable
              ? 'ORDER_STATE_CONFLICT'
              : !allowed
                ? action === 'settle_paid_twice'
                  ? 'ORDER_NOT_PAID_TWICE'
                  : 'ORDER_REFUND_ONLY'
                : allowed.noteRequired && !note
                  ? 'ORDER_NOTE_REQUIRED'
                  : outsideCode;
            expect(code, `${status} ${action} by ${actor} (${received})`).toBe(expected);
            if (isFinalStatus(status)) expect(code).toBe('ORDER_STATE_CONFLICT');
          }
          const [row] = await t.app.db
            .select({ status: orders.status })
            .from(orders)
            .where(eq(orders.id, order.id));
          expect(row?.status).toBe(status);
        }

        const events = await t.app.db
          .select()
          .from(orderEvents)
          .where(eq(orderEvents.orderId, order.id));
        expect(events).toHaveLength(moves + 1);
        const audits = await t.app.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.status_changed')));
        expect(audits).toHaveLength(moves);
        expect(await queuedEmails()).toBe(mailsBefore + moves);
        reached.add(status);

        const ledgerAfter = await ledgerSums(t.app);
        for (const [token, sum] of Object.entries(ledgerAfter)) {
          expect(dec(sum).gte(0), `${token} below zero`).toBe(true);
          const expected = dec(ledgerBefore[token] ?? '0').plus(delta[token] ?? 0);
          expect(dec(sum).eq(expected), `${token}: ${sum} != ${expected.toFixed()}`).toBe(true);
        }
      }),
      { numRuns: 60, examples: WALKS.map((w) => [w]) },
    );
    // the runs got past the first moves: every final state, and the error state
    for (const status of ['completed', 'canceled', 'refunded', 'admin_paid', 'error'] as const) {
      expect([...reached], status).toContain(status);
    }
  });
});
