import { describe, expect, it } from 'vitest';
import { cachedCheck } from './cached-check.ts';

describe('a cached check', () => {
  it('asks once per period, however many probes arrive, and again after it', async () => {
    let clock = 1_000;
    let calls = 0;
    const check = cachedCheck(
      async () => {
        calls++;
      },
      { ttlMs: 5_000, now: () => clock },
    );
    for (let i = 0; i < 20; i++) await check();
    expect(calls).toBe(1);
    clock += 4_999;
    await check();
    expect(calls).toBe(1);
    clock += 1;
    await check();
    expect(calls).toBe(2);
  });

  it('shares one check among probes that arrive while it is under way', async () => {
    let calls = 0;
    let finish = () => {};
    const check = cachedCheck(
      () => {
        calls++;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
      { ttlMs: 5_000 },
    );
    const probes = Array.from({ length: 10 }, () => check());
    finish();
    await Promise.all(probes);
    expect(calls).toBe(1);
  });

  it('keeps a failure for the period too, then asks again and can recover', async () => {
    let clock = 0;
    let up = false;
    let calls = 0;
    const check = cachedCheck(
      async () => {
        calls++;
        if (!up) throw new Error('bucket down');
      },
      { ttlMs: 5_000, now: () => clock },
    );
    await expect(check()).rejects.toThrow('bucket down');
    up = true;
    clock += 1_000;
    await expect(check()).rejects.toThrow('bucket down');
    expect(calls).toBe(1);
    clock += 4_000;
    await expect(check()).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});
