import { describe, expect, it } from 'vitest';
import { errorMessage } from './errors.ts';

describe('errorMessage', () => {
  it("writes amounts the way the message's language writes numbers", () => {
    const params = { reserved: '86.888888', available: '49913.111112', token: 'USDT' };
    expect(errorMessage('TREASURY_RESERVED', 'pt-BR', params)).toContain(
      'reservam 86,888888 USDT: no máximo 49.913,111112 USDT',
    );
    expect(errorMessage('TREASURY_RESERVED', 'en-US', params)).toContain(
      'reserve 86.888888 USDT: at most 49,913.111112 USDT',
    );
  });

  it('writes limits in reais and Deriv dollars as money, never as "50.000 BRL"', () => {
    const normal = (text: string) => text.replace(/\s+/g, ' ');
    const max = { max: '50000', token: 'BRL' };
    expect(normal(errorMessage('AMOUNT_ABOVE_MAXIMUM', 'pt-BR', max))).toBe(
      'O máximo para receber é R$ 50.000,00.',
    );
    expect(errorMessage('AMOUNT_ABOVE_MAXIMUM', 'en-US', max)).toBe(
      'The maximum to receive is R$50,000.00.',
    );
    expect(errorMessage('AMOUNT_BELOW_MINIMUM', 'en-US', { min: '10', token: 'USD' })).toBe(
      'The minimum to receive is $10.00.',
    );
  });

  it('leaves other parameters, and amounts that are not decimals, as they are', () => {
    const at = errorMessage('PAYOUT_AT_EXCHANGE', 'pt-BR', { withdrawId: '7213897', state: 'ok' });
    expect(at).toContain('o saque 7213897 deste pedido');
    expect(errorMessage('AMOUNT_BELOW_MINIMUM', 'en-US', { min: 'n/a', token: 'BRL' })).toBe(
      'The minimum to receive is n/a BRL.',
    );
    // a missing parameter stays a placeholder rather than vanishing
    expect(errorMessage('AMOUNT_BELOW_MINIMUM', 'en-US', { token: 'BRL' })).toBe(
      'The minimum to receive is {min} BRL.',
    );
  });
});
