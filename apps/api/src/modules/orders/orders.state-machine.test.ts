import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_ACTIONS,
  ORDER_ACTORS,
  ORDER_TRANSITIONS,
  dec,
  findTransition,
  isFinalStatus,
} from '@permuta/contracts';
import type { OrderAction, OrderActor, OrderStatus } from '@permuta/contracts';
import { orderEvents, orders } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import { AppError } from '../../lib/app-error.ts';
import { EMAIL_QUEUE } from '../../lib/jobs.ts';
import { moveOrder } from './order-transition.ts';
import type { MoveDeps } from './order-transition.ts';
import { fakeStorageKey, insertOrder, ledgerSums, trader } from './test-support.ts';

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
const step = fc
  .tuple(fc.oneof(guided, anyMove), fc.boolean())
  .map(([move, withNote]) => ({ move, withNote }));
type Step = {
  move: { guided: true; pick: number } | { guided: false; action: OrderAction; actor: OrderActor };
  withNote: boolean;
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
  actions.map(([action, actor]) => ({ move: { guided: false, action, actor }, withNote: true }));
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
        let moves = 0;
        const delta: Record<string, ReturnType<typeof dec>> = { USDT: dec(0), PIX: dec(0) };

        for (const { move, withNote } of steps) {
          const resolved = resolve(status, move);
          if (!resolved) continue;
          const { action, actor } = resolved;
          const allowed = findTransition(status, action, actor);
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
              amountReceived: action === 'confirm_funds' ? '100' : undefined,
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
          if (allowed && (!allowed.noteRequired || note)) {
            const result = await attempt;
            expect(result.from).toBe(status);
            expect(result.to).toBe(allowed.to);
            status = allowed.to;
            moves += 1;
            if (action === 'confirm_funds') delta.USDT = delta.USDT!.plus(100);
            if (action === 'pay' || action === 'payout_done') {
              delta.PIX = delta.PIX!.minus('521.10');
            }
            if (action === 'refund') delta.USDT = delta.USDT!.minus(100);
          } else {
            const error = await attempt.then(
              () => null,
              (e: unknown) => e,
            );
            expect(error).toBeInstanceOf(AppError);
            const code = (error as AppError).code;
            expect(
              allowed ? code === 'ORDER_NOTE_REQUIRED' : code === 'ORDER_STATE_CONFLICT',
              `${status} ${action} by ${actor}: ${code}`,
            ).toBe(true);
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
