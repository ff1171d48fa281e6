import { UUID } from './orders.repository.ts';
import type { CustomerOrderPage } from './orders.repository.ts';

/** How many order pages are kept (the oldest kept goes first). */
export const ORDER_PAGE_CACHE_SIZE = 10_000;
/** A kept page is read again after this long, even when no change was announced. */
export const ORDER_PAGE_CACHE_MS = 30_000;

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
 * A read that began before a change is never kept: every drop moves `version` on, and `keep`
 * keeps a read only if the version is still the one `begin()` gave before it began.
 */
export interface OrderPageCache {
  /** the kept page of `idOrReference` (trimmed), with its owner's id; undefined: read it */
  get(idOrReference: string): { page: CustomerOrderPage; ownerId: string } | undefined;
  /** the version to give `keep` for a read about to begin */
  begin(): number;
  /** keeps a page read since `begin()` answered `version`, unless something changed since */
  keep(version: number, page: CustomerOrderPage, ownerId: string): void;
  forget(orderId: string): void;
  forgetAll(): void;
  /** whether the database's notifications are heard (nothing is kept while they are not) */
  listening(on: boolean): void;
  /** how many orders are kept (for tests) */
  readonly size: number;
}

export function createOrderPageCache(
  options: { size?: number; ttlMs?: number; now?: () => number } = {},
): OrderPageCache {
  const size = options.size ?? ORDER_PAGE_CACHE_SIZE;
  const ttlMs = options.ttlMs ?? ORDER_PAGE_CACHE_MS;
  const clock = options.now ?? Date.now;
  const byId = new Map<string, Kept>();
  const idOfReference = new Map<string, string>();
  let version = 0;
  let heard = false;

  const forgetAll = () => {
    version += 1;
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
    begin: () => version,
    keep(started, page, ownerId) {
      if (!heard || started !== version) return;
      const { id, reference } = page.detail.order;
      drop(id);
      if (byId.size >= size) {
        const oldest = byId.keys().next();
        if (!oldest.done) drop(oldest.value);
      }
      byId.set(id, { page, ownerId, expires: clock() + ttlMs });
      idOfReference.set(reference, id);
    },
    forget(orderId) {
      version += 1;
      drop(orderId.toLowerCase());
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
