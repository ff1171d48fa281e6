import { describe, expect, it } from 'vitest';
import type { CatalogueResponse, PublicToken } from '@permuta/contracts/catalogue';
import {
  catalogueLimits,
  cryptoSide,
  defaultNetwork,
  defaultPair,
  networkChoices,
  optionLabel,
  quoteRequest,
  whatsappLink,
} from './quote-form.ts';

const network = (code: string, extra: Partial<PublicToken['networks'][number]> = {}) => ({
  code,
  name: code,
  isDefault: false,
  depositEnabled: true,
  withdrawEnabled: true,
  withdrawFee: '1',
  withdrawMin: '10',
  withdrawMax: null,
  minConfirmations: 1,
  estimatedArrivalMinutes: 5,
  memoRequired: false,
  tip: null,
  notice: null,
  ...extra,
});

const token = (
  code: string,
  kind: PublicToken['kind'],
  networks = [network(code)],
): PublicToken => ({
  code,
  name: code,
  kind,
  precision: kind === 'crypto' ? 6 : 2,
  priceBrl: '1',
  priceUpdatedAt: null,
  quotable: true,
  receiveMin: null,
  receiveMax: null,
  networks,
});

const usdt = token('USDT', 'crypto', [
  network('TRC20', { isDefault: true }),
  network('ERC20', { withdrawEnabled: false }),
]);
const pix = token('PIX', 'pix');
const deriv = token('DERIV', 'deriv');

const catalogue = (
  defaults: CatalogueResponse['defaults'],
  tokens = [pix, usdt, deriv],
): CatalogueResponse => ({
  tokens,
  defaults,
  whatsapp: { thresholdBrl: '200', phone: null },
});

describe('calculator defaults', () => {
  it("uses the settings' pair when both tokens exist", () => {
    expect(defaultPair(catalogue({ send: 'DERIV', receive: 'PIX' }))).toEqual({
      send: 'DERIV',
      receive: 'PIX',
    });
  });

  it('falls back to USDT -> PIX, then to the first tokens', () => {
    expect(defaultPair(catalogue({ send: null, receive: null }))).toEqual({
      send: 'USDT',
      receive: 'PIX',
    });
    expect(defaultPair(catalogue({ send: 'BTC', receive: null }, [deriv, pix]))).toEqual({
      send: 'DERIV',
      receive: 'PIX',
    });
    expect(defaultPair(catalogue({ send: null, receive: null }, [pix]))).toBeNull();
  });
});

describe('network of the pair', () => {
  it('belongs to the crypto token received, else to the one sent', () => {
    expect(cryptoSide(pix, usdt)).toBe('receive');
    expect(cryptoSide(usdt, pix)).toBe('send');
    expect(cryptoSide(pix, deriv)).toBeNull();
  });

  it('offers only networks open in that direction, the default first chosen', () => {
    expect(networkChoices(usdt, 'receive').map((n) => n.code)).toEqual(['TRC20']);
    expect(networkChoices(usdt, 'send').map((n) => n.code)).toEqual(['TRC20', 'ERC20']);
    expect(defaultNetwork(networkChoices(usdt, 'send'))).toBe('TRC20');
  });
});

describe('token and network choices', () => {
  it('show the code beside the name, or just the name when it already names the code', () => {
    expect(optionLabel('USDT', 'Tether USD')).toBe('USDT · Tether USD');
    expect(optionLabel('PIX', 'Real (PIX)')).toBe('Real (PIX)');
    expect(optionLabel('TRC20', '')).toBe('TRC20');
  });
});

describe('limits before the first quote', () => {
  it("are the chosen network's payout limits for a crypto token received", () => {
    const capped = token('USDT', 'crypto', [network('TRC20', { withdrawMax: '5000' })]);
    expect(catalogueLimits(capped, 'TRC20')).toEqual({ min: '10', max: '5000', token: 'USDT' });
    expect(catalogueLimits(capped, null)).toBeNull();
  });

  it("are the token's own limits otherwise, and unknown without a token", () => {
    expect(catalogueLimits({ ...pix, receiveMin: '50' }, null)).toEqual({
      min: '50',
      max: null,
      token: 'PIX',
    });
    expect(catalogueLimits(undefined, null)).toBeNull();
  });
});

describe('quote request', () => {
  const pair = { send: 'USDT', receive: 'PIX' };

  it('sends a dot-decimal amount whatever the locale', () => {
    expect(
      quoteRequest({ pair, network: 'TRC20', side: 'send', text: '1.234,5', locale: 'pt-BR' }),
    ).toEqual({
      send: 'USDT',
      receive: 'PIX',
      network: 'TRC20',
      side: 'send',
      amount: '1234.5',
    });
    expect(
      quoteRequest({ pair, network: null, side: 'receive', text: '1,234.5', locale: 'en-US' }),
    ).toEqual({
      send: 'USDT',
      receive: 'PIX',
      side: 'receive',
      amount: '1234.5',
    });
  });

  it('asks nothing for an empty, zero or unreadable amount', () => {
    for (const text of ['', '0', '0,00', 'abc', '1.2.3']) {
      expect(quoteRequest({ pair, network: null, side: 'send', text, locale: 'pt-BR' })).toBeNull();
    }
  });
});

describe('WhatsApp link', () => {
  it('pre-fills the message for the support phone', () => {
    expect(whatsappLink('+55 (11) 99999-0000', 'Olá! 100 USDT')).toBe(
      'https://wa.me/5511999990000?text=Ol%C3%A1!%20100%20USDT',
    );
  });
});
