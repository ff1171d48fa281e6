import { UUID } from './orders.repository.ts';
import type { CustomerOrderPage } from './orders.repository.ts';

/** How many order pages are kept (the oldest kept goes first). */
export const ORDER_PAGE_CACHE_SIZE = 10_000;
/** A kept page is read again after this long, even when no change was announced. */
export const ORDER_PAGE_CACHE_MS = 30_000;
/** How many orders' last drops are remembered (an older drop raises the floor instead). */
export const FORGOTTEN_LIMIT = 10_000;

interface Kept {
  page: CustomerOrderPage;
  ownerId: string;
  expires: number;
}

/**
 * The order page's database read (the order, its tokens, its network and its events), kept per
 * order while nothing about it changes: a customer keeps the page open and it asks again every
 * few seconds, mostly for an order that has not moved. Only the read is kept; the session is read
 * on every request, and the page is built from the kept read with the time of the request.
 *
 * A kept page is dropped:
 * - by `forget(orderId)`, which this process calls right after each of its own changes to an
 *   order commits (so its next read of the page is never older than its own change);
 * - by the database's notifications (migration 0005), for a change from anywhere: a job,
 *   another instance, SQL by hand; `forgetAll()` for a catalogue change or a bulk one;
 * - after ORDER_PAGE_CACHE_MS in any case.
 * Nothing is kept while the notifications are not heard (`listening(false)`): before the first
 * LISTEN, and from a lost connection until it listens again.
 *
 * A read that began before a change to its order is never kept: every drop takes the next stamp,
 * the cache remembers the stamp of each order's last drop (the last FORGOTTEN_LIMIT orders; an
 * older one raises a floor instead) and of the last `forgetAll`, and `keep` keeps a read only if
 * neither came after the stamp `begin()` gave before it began. A change to another order does not
 * matter: right after many orders are created or moved, the pages of the others are still kept.
 */
export interface OrderPageCache {
  /** the kept page of `idOrReference` (trimmed), with its owner's id; undefined: read it */
  get(idOrReference: string): { page: CustomerOrderPage; ownerId: string } | undefined;
  /** the stamp to give `keep` for a read about to begin */
  begin(): number;
  /** keeps a page read since `begin()` answered `stamp`, unless its order changed since */
  keep(stamp: number, page: CustomerOrderPage, ownerId: string): void;
  forget(orderId: string): void;
  forgetAll(): void;
  /** whether the database's notifications are heard (nothing is kept while they are not) */
  listening(on: boolean): void;
  /** how many orders are kept (for tests) */
  readonly size: number;
}

export function createOrderPageCache(
  options: { size?: number; ttlMs?: number; now?: () => number; forgottenLimit?: number } = {},
): OrderPageCache {
  const size = options.size ?? ORDER_PAGE_CACHE_SIZE;
  const forgottenLimit = options.forgottenLimit ?? FORGOTTEN_LIMIT;
  const ttlMs = options.ttlMs ?? ORDER_PAGE_CACHE_MS;
  const clock = options.now ?? Date.now;
  const byId = new Map<string, Kept>();
  const idOfReference = new Map<string, string>();
  /** the last stamp given to a drop */
  let stamp = 0;
  /** a read begun before this stamp is never kept (forgetAll, or a drop no longer remembered) */
  let floor = 0;
  /** order id -> stamp of its last drop, oldest first */
  const droppedAt = new Map<string, number>();
  let heard = false;

  const forgetAll = () => {
    stamp += 1;
    floor = stamp;
    droppedAt.clear();
    byId.clear();
    idOfReference.clear();
  };
  const drop = (id: string) => {
    const kept = byId.get(id);
    if (!kept) return;
    byId.delete(id);
    idOfReference.delete(kept.page.detail.order.reference);
  };

  return {
    get(idOrReference) {
      const id = UUID.test(idOrReference)
        ? idOrReference.toLowerCase()
        : idOfReference.get(idOrReference.toUpperCase());
      if (!id) return undefined;
      const kept = byId.get(id);
      if (!kept) return undefined;
      if (kept.expires <= clock()) {
        drop(id);
        return undefined;
      }
      return { page: kept.page, ownerId: kept.ownerId };
    },
    begin: () => stamp,
    keep(started, page, ownerId) {
      const { id, reference } = page.detail.order;
      if (!heard || started < floor || (droppedAt.get(id) ?? 0) > started) return;
      drop(id);
      if (byId.size >= size) {
        const oldest = byId.keys().next();
        if (!oldest.done) drop(oldest.value);
      }
      byId.set(id, { page, ownerId, expires: clock() + ttlMs });
      idOfReference.set(reference, id);
    },
    forget(orderId) {
      const id = orderId.toLowerCase();
      stamp += 1;
      droppedAt.delete(id);
      droppedAt.set(id, stamp);
      if (droppedAt.size > forgottenLimit) {
        const [oldest, oldestStamp] = droppedAt.entries().next().value!;
        droppedAt.delete(oldest);
        floor = Math.max(floor, oldestStamp);
      }
      drop(id);
    },
    forgetAll,
    listening(on) {
      heard = on;
      forgetAll();
    },
    get size() {
      return byId.size;
    },
  };
}
