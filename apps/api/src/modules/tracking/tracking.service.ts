import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  TRACKING_CODE_ATTEMPTS,
  TRACKING_CODE_MINUTES,
  TRACKING_GRANT_HOURS,
} from '@permuta/contracts';
import type { OrderView, TrackingOrder } from '@permuta/contracts';
import type { Db } from '@permuta/db';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { EnqueueEmail } from '../orders/order-transition.ts';
import type { OrderOwner } from './tracking.repository.ts';
import {
  countWrongCode,
  deleteGrant,
  findGrant,
  findOrderOwner,
  insertCode,
  lockNewestCode,
  lockReference,
  recentCodes,
  sweepEnded,
  useCode,
} from './tracking.repository.ts';
import { trackingView } from './tracking-view.ts';

/** Counted instead of an order when the pair matches none: the same query, no row. */
const NO_ORDER = '00000000-0000-0000-0000-000000000000';

/** One code per order at most every this many seconds (a second request is answered the same). */
export const TRACKING_RESEND_SECONDS = 60;
/** At most this many codes per order and hour: 5 codes × 5 tries bound the guesses. */
export const TRACKING_CODES_PER_HOUR = 5;

const codeHash = (code: string) => createHash('sha256').update(code, 'utf8').digest('base64url');
export const trackingTokenHash = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface TrackingGrantRef {
  id: string;
  orderId: string;
  /** the order's owner (the view is read as theirs) */
  userId: string;
  expiresAt: Date;
}

export interface TrackingServiceDeps {
  db: Db;
  enqueueEmail: EnqueueEmail;
  /** the owner's view of an order (orders.page) */
  readView(userId: string, orderId: string): Promise<OrderView>;
  now: () => Date;
  logError: (details: object, message: string) => void;
}

/**
 * Order tracking without signing in (decision 059): a code e-mailed to the order's owner, and
 * the read-only grant it opens for that one order.
 */
export function createTrackingService(deps: TrackingServiceDeps) {
  const { db, now } = deps;

  /**
   * The owner's view of the grant's order; a 404 for any other order (by id or reference), as
   * for another customer's order.
   */
  async function ownerView(grant: TrackingGrantRef, id: string): Promise<OrderView> {
    const view = await deps.readView(grant.userId, grant.orderId);
    const wanted = id.trim();
    if (view.id !== wanted.toLowerCase() && view.reference !== wanted.toUpperCase()) {
      throw notFound();
    }
    return view;
  }

  /** Codes being written after their request was answered. */
  const pending = new Set<Promise<void>>();

  /**
   * One transaction, serialised per reference on every instance (two requests at once send one
   * code): the throttles counted, the code stored (its hash) and its e-mail queued, sent once
   * this commits.
   */
  async function sendCode(owner: OrderOwner, ip: string): Promise<void> {
    const code = String(randomInt(1_000_000)).padStart(6, '0');
    const at = now();
    await db.transaction(async (tx) => {
      await lockReference(tx, owner.reference);
      const recent = await recentCodes(tx, owner.orderId, new Date(at.getTime() - 3_600_000));
      const tooSoon =
        recent.newest !== null &&
        at.getTime() - recent.newest.getTime() < TRACKING_RESEND_SECONDS * 1000;
      if (tooSoon || recent.count >= TRACKING_CODES_PER_HOUR) return;
      await insertCode(tx, {
        orderId: owner.orderId,
        codeHash: codeHash(code),
        expiresAt: new Date(at.getTime() + TRACKING_CODE_MINUTES * 60_000),
        ip,
        now: at,
      });
      await deps.enqueueEmail(
        tx,
        owner.email,
        {
          kind: 'tracking-code',
          name: owner.name,
          reference: owner.reference,
          code,
          minutes: TRACKING_CODE_MINUTES,
        },
        owner.locale,
      );
      await sweepEnded(tx, new Date(at.getTime() - 86_400_000));
    });
  }

  return {
    /**
     * E-mails a code to the owner when `reference` and `email` are one order's, unless the order
     * had a code in the last minute or 5 in the last hour. Nothing tells the caller which of
     * these happened: the answer waits for the same one read either way, and the code is
     * written and its e-mail queued afterwards, in one transaction of its own (sendCode).
     */
    async requestCode(input: { reference: string; email: string; ip: string }): Promise<void> {
      const owner = await findOrderOwner(db, input.reference);
      if (!owner || !sameText(owner.email.toLowerCase(), input.email)) return;
      // after the answer has gone out, so that nothing of it waits for this work
      const work: Promise<void> = new Promise((resolve) => setImmediate(resolve))
        .then(() => sendCode(owner, input.ip))
        .catch((error: unknown) => deps.logError({ err: error }, 'tracking code not sent'))
        .finally(() => pending.delete(work));
      pending.add(work);
    },

    /** Waits for the codes being written (the app is closing; tests). */
    async settle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },

    /**
     * Checks the newest code of the order: a wrong one counts (committed), the 5th wrong one
     * spends it; a right one is spent and opens a grant of TRACKING_GRANT_HOURS. Any other
     * failure (no such order, another e-mail, no code, expired) reads TRACKING_CODE_INVALID.
     */
    async verify(input: {
      reference: string;
      email: string;
      code: string;
    }): Promise<{ token: string; reference: string; expiresAt: Date }> {
      const at = now();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(at.getTime() + TRACKING_GRANT_HOURS * 3_600_000);
      const outcome = await db.transaction(async (tx) => {
        await lockReference(tx, input.reference);
        const owner = await findOrderOwner(tx, input.reference);
        const matches = owner !== null && sameText(owner.email.toLowerCase(), input.email);
        // the same read for a pair that matches no order: its answer's time tells nothing
        const stored = await lockNewestCode(tx, matches ? owner.orderId : NO_ORDER);
        if (!matches || !stored || stored.expiresAt.getTime() <= at.getTime()) {
          return 'invalid' as const;
        }
        if (stored.failedAttempts >= TRACKING_CODE_ATTEMPTS) return 'attempts' as const;
        if (!sameText(stored.codeHash, codeHash(input.code))) {
          const wrong = await countWrongCode(tx, stored.id);
          return wrong >= TRACKING_CODE_ATTEMPTS ? ('attempts' as const) : ('invalid' as const);
        }
        const opened = await useCode(tx, {
          codeId: stored.id,
          orderId: owner.orderId,
          tokenHash: trackingTokenHash(token),
          expiresAt,
          now: at,
        });
        return opened ? { reference: owner.reference } : ('invalid' as const);
      });
      if (outcome === 'attempts') throw new AppError('TRACKING_CODE_ATTEMPTS', 400);
      if (outcome === 'invalid') {
        throw new AppError('TRACKING_CODE_INVALID', 400, {}, { code: 'trackingCode.invalid' });
      }
      return { token, reference: outcome.reference, expiresAt };
    },

    /** The live grant of a cookie's token, or null. */
    async grant(token: string | null): Promise<TrackingGrantRef | null> {
      if (!token || token.length > 100) return null;
      return findGrant(db, trackingTokenHash(token), now());
    },

    ownerView,

    /** The grant's order as the tracking page shows it (read-only, masked). */
    async order(grant: TrackingGrantRef, id: string): Promise<TrackingOrder> {
      return trackingView(await ownerView(grant, id), grant.expiresAt);
    },

    async end(token: string | null): Promise<void> {
      if (!token || token.length > 100) return;
      await deleteGrant(db, trackingTokenHash(token));
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
