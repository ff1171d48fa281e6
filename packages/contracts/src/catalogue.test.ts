import { describe, expect, it } from 'vitest';
import { tokenLabel, tokenOnNetwork } from './catalogue.ts';

describe('token labels', () => {
  it('adds the code to a name that does not hold it', () => {
    expect(tokenLabel({ code: 'USDT', name: 'Tether USD' })).toBe('Tether USD (USDT)');
    expect(tokenLabel({ code: 'BTC', name: 'Bitcoin' })).toBe('Bitcoin (BTC)');
  });

  it('keeps a name that already holds the code, whatever its case', () => {
    expect(tokenLabel({ code: 'DERIV', name: 'Deriv (USD)' })).toBe('Deriv (USD)');
    expect(tokenLabel({ code: 'PIX', name: 'Real (PIX)' })).toBe('Real (PIX)');
  });

  it('names a wallet by token and network, without a network named like its token', () => {
    expect(tokenOnNetwork('USDT', 'TRC20')).toBe('USDT (TRC20)');
    expect(tokenOnNetwork('BTC', 'BTC')).toBe('BTC');
    expect(tokenOnNetwork('PIX', null)).toBe('PIX');
  });
});
