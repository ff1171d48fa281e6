// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  PENDING_EXCHANGE_MAX_AGE_MS,
  exchangeSearch,
  readPendingExchange,
  savePendingExchange,
} from './pending-exchange.ts';

const PENDING = {
  send: 'PIX',
  receive: 'USDT',
  network: 'TRC20',
  side: 'receive' as const,
  amount: '95.5',
};

afterEach(() => localStorage.clear());

describe('the exchange priced on the home calculator', () => {
  it('is read back until it is a day old', () => {
    savePendingExchange(PENDING, 1_000);
    expect(readPendingExchange(1_000 + PENDING_EXCHANGE_MAX_AGE_MS)).toEqual(PENDING);
    expect(readPendingExchange(1_001 + PENDING_EXCHANGE_MAX_AGE_MS)).toBeNull();
    expect(readPendingExchange(999)).toBeNull();
  });

  it('ignores anything malformed or hostile in the storage', () => {
    for (const value of [
      'not json',
      '{"send":"PIX"}',
      JSON.stringify({ ...PENDING, savedAt: 1, amount: '1e9' }),
      JSON.stringify({ ...PENDING, savedAt: 1, send: '<script>' }),
      JSON.stringify({ ...PENDING, savedAt: 1, amount: '1\u0000' }),
      JSON.stringify({ ...PENDING, savedAt: 1, side: 'both' }),
    ]) {
      localStorage.setItem('pendingExchange', value);
      expect(readPendingExchange(2)).toBeNull();
    }
  });

  it('fills the form query only when the URL names no pair or amount', () => {
    savePendingExchange(PENDING);
    expect(Object.fromEntries(exchangeSearch(new URLSearchParams()))).toEqual({
      send: 'PIX',
      receive: 'USDT',
      network: 'TRC20',
      side: 'receive',
      amount: '95.5',
    });
    const link = new URLSearchParams({ send: 'BTC', amount: '1' });
    expect(exchangeSearch(link)).toBe(link);
  });
});
