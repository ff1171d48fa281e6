import { describe, expect, it } from 'vitest';
import { catalogue, pixWallet, profile, wallet } from './components/test-fixtures.tsx';
import {
  boletoCharge,
  exchangeStart,
  formatCountdown,
  orderBody,
  receivingWallets,
} from './exchange-form.ts';

const params = (query: string) => new URLSearchParams(query);
const usdt = catalogue.tokens[0]!;
const pix = catalogue.tokens[1]!;

describe('where the exchange form starts', () => {
  it('takes what the home calculator passed, with the amount in the page language', () => {
    expect(
      exchangeStart(
        catalogue,
        null,
        params('send=pix&receive=USDT&network=bep20&side=receive&amount=1234.5'),
        'pt-BR',
      ),
    ).toEqual({
      pair: { send: 'PIX', receive: 'USDT' },
      network: 'BEP20',
      side: 'receive',
      text: '1.234,5',
    });
  });

  it("falls back on the customer's default tokens, then the catalogue's", () => {
    const me = profile({ defaultSendToken: 'PIX', defaultReceiveToken: 'USDT' });
    expect(exchangeStart(catalogue, me, params(''), 'en-US')?.pair).toEqual({
      send: 'PIX',
      receive: 'USDT',
    });
    expect(exchangeStart(catalogue, null, params('send=NOPE'), 'en-US')?.pair).toEqual({
      send: 'USDT',
      receive: 'PIX',
    });
  });

  it('never starts with the same token on both sides', () => {
    const start = exchangeStart(catalogue, null, params('send=PIX&receive=PIX'), 'en-US');
    expect(start?.pair).toEqual({ send: 'PIX', receive: 'USDT' });
  });
});

describe('wallets that can receive', () => {
  const trc = wallet({ id: 'trc' });
  const bep = wallet({ id: 'bep', network: { code: 'BEP20', name: 'BEP20' } });
  it('keeps crypto wallets of the token received on the chosen network only', () => {
    expect(receivingWallets([trc, bep, pixWallet], usdt, 'BEP20').map((w) => w.id)).toEqual([
      'bep',
    ]);
    expect(receivingWallets([trc, bep, pixWallet], usdt, null)).toEqual([]);
  });
  it('keeps PIX wallets whatever the network of the crypto sent', () => {
    expect(receivingWallets([trc, bep, pixWallet], pix, 'TRC20').map((w) => w.id)).toEqual([
      'w-pix',
    ]);
  });
});

describe('the order body', () => {
  it('names the payment method for PIX money and the refund address for crypto', () => {
    expect(
      orderBody({
        quoteToken: 'q',
        walletId: 'w',
        send: pix,
        paymentMethod: 'boleto',
        refundAddress: 'x',
      }),
    ).toEqual({ quoteToken: 'q', walletId: 'w', paymentMethod: 'boleto' });
    expect(
      orderBody({
        quoteToken: 'q',
        walletId: 'w',
        send: usdt,
        paymentMethod: 'pix',
        refundAddress: ' T1 ',
      }),
    ).toEqual({ quoteToken: 'q', walletId: 'w', refundAddress: 'T1' });
  });
});

it('formats a countdown for people', () => {
  expect(formatCountdown(899)).toBe('14:59');
  expect(formatCountdown(5)).toBe('0:05');
  expect(formatCountdown(3723)).toBe('1:02:03');
  expect(formatCountdown(-3)).toBe('0:00');
});

describe('what a boleto adds to the quote', () => {
  it('adds the boleto fee to the amount sent, in exact decimals', () => {
    expect(boletoCharge('300', '3.5')).toEqual({ fee: '3.5', total: '303.5' });
    expect(boletoCharge('0.1', '0.2')).toEqual({ fee: '0.2', total: '0.3' });
    expect(boletoCharge('1234.56', '0')).toEqual({ fee: '0', total: '1234.56' });
  });
});
