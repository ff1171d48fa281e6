import { describe, expect, it } from 'vitest';
import { createOrderPageCache } from './order-page-cache.ts';
import type { CustomerOrderPage } from './orders.repository.ts';

const ID = '0b7c2d8e-6f1a-4c3b-9d2e-5a4b3c2d1e0f';

function pageOf(id: string, reference: string): CustomerOrderPage {
  return {
    detail: { order: { id, reference } },
    events: [],
  } as unknown as CustomerOrderPage;
}

function listeningCache(options: Parameters<typeof createOrderPageCache>[0] = {}) {
  const cache = createOrderPageCache(options);
  cache.listening(true);
  return cache;
}

describe('the order page cache', () => {
  it('finds a kept page by id (any case) and by reference (any case, trimmed by the caller)', () => {
    const cache = listeningCache();
    const page = pageOf(ID, 'EX-7K2Q9');
    cache.keep(cache.begin(), page, 'owner');
    for (const key of [ID, ID.toUpperCase(), 'EX-7K2Q9', 'ex-7k2q9']) {
      expect(cache.get(key), key).toEqual({ page, ownerId: 'owner' });
    }
    expect(cache.get('EX-22222')).toBeUndefined();
  });

  it('never keeps a read that began before a change to its order, or before a forgetAll', () => {
    const cache = listeningCache();
    const before = cache.begin();
    cache.forget(ID.toUpperCase());
    cache.keep(before, pageOf(ID, 'EX-7K2Q9'), 'owner');
    expect(cache.get(ID)).toBeUndefined();

    const beforeAll = cache.begin();
    cache.forgetAll();
    cache.keep(beforeAll, pageOf(ID, 'EX-7K2Q9'), 'owner');
    expect(cache.size).toBe(0);

    cache.keep(cache.begin(), pageOf(ID, 'EX-7K2Q9'), 'owner');
    expect(cache.size).toBe(1);
  });

  it('keeps a read during which only other orders changed (many orders move at busy times)', () => {
    const cache = listeningCache();
    const before = cache.begin();
    for (let i = 0; i < 50; i += 1) cache.forget(`other-order-${i}`);
    cache.keep(before, pageOf(ID, 'EX-7K2Q9'), 'owner');
    expect(cache.get(ID)).toEqual({ page: pageOf(ID, 'EX-7K2Q9'), ownerId: 'owner' });

    // an order changed before the read began does not stop it being kept either
    cache.forget(ID);
    cache.keep(cache.begin(), pageOf(ID, 'EX-7K2Q9'), 'owner');
    expect(cache.size).toBe(1);
  });

  it('past the drops it remembers, refuses every read older than the oldest one forgotten', () => {
    const cache = listeningCache({ forgottenLimit: 3 });
    const before = cache.begin();
    cache.forget(ID); // the drop that matters, then three others push it out of memory
    for (const other of ['a', 'b', 'c']) cache.forget(other);
    cache.keep(before, pageOf(ID, 'EX-7K2Q9'), 'owner');
    expect(cache.size).toBe(0);

    // a read begun after it is kept, whatever other orders change meanwhile
    const after = cache.begin();
    cache.forget('b');
    cache.keep(after, pageOf(ID, 'EX-7K2Q9'), 'owner');
    expect(cache.size).toBe(1);
  });

  it('drops a page on its change, every page on forgetAll, by id and by reference', () => {
    const cache = listeningCache();
    const other = '1c8d3e9f-7a2b-4d4c-8e3f-6b5c4d3e2f10';
    cache.keep(cache.begin(), pageOf(ID, 'EX-7K2Q9'), 'owner');
    cache.keep(cache.begin(), pageOf(other, 'EX-33333'), 'owner');
    cache.forget(ID.toUpperCase());
    expect(cache.get(ID)).toBeUndefined();
    expect(cache.get('EX-7K2Q9')).toBeUndefined();
    expect(cache.get('EX-33333')).toBeDefined();
    cache.forgetAll();
    expect(cache.get(other)).toBeUndefined();
    expect(cache.get('EX-33333')).toBeUndefined();
  });

  it('keeps nothing while the database is not heard, and forgets all when hearing stops', () => {
    const cache = createOrderPageCache();
    cache.keep(cache.begin(), pageOf(ID, 'EX-7K2Q9'), 'owner');
    expect(cache.size).toBe(0);
    cache.listening(true);
    cache.keep(cache.begin(), pageOf(ID, 'EX-7K2Q9'), 'owner');
    expect(cache.size).toBe(1);
    cache.listening(false);
    expect(cache.get(ID)).toBeUndefined();
    cache.keep(cache.begin(), pageOf(ID, 'EX-7K2Q9'), 'owner');
    expect(cache.size).toBe(0);
  });

  it('reads again after its time, and keeps at most its size, dropping the oldest', () => {
    let now = 1_000;
    const cache = listeningCache({ size: 2, ttlMs: 500, now: () => now });
    const ids = [
      ID,
      '1c8d3e9f-7a2b-4d4c-8e3f-6b5c4d3e2f10',
      '2d9e4f0a-8b3c-4e5d-9f4a-7c6d5e4f3a21',
    ];
    cache.keep(cache.begin(), pageOf(ids[0]!, 'EX-22222'), 'owner');
    now += 499;
    expect(cache.get(ids[0]!)).toBeDefined();
    now += 1;
    expect(cache.get(ids[0]!)).toBeUndefined();
    expect(cache.get('EX-22222')).toBeUndefined();

    for (const [i, id] of ids.entries()) cache.keep(cache.begin(), pageOf(id, `EX-4444${i}`), 'o');
    expect(cache.size).toBe(2);
    expect(cache.get(ids[0]!)).toBeUndefined();
    expect(cache.get('EX-44440')).toBeUndefined();
    expect(cache.get(ids[2]!)).toBeDefined();
  });
});
