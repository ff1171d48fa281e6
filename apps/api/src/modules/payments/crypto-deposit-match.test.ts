import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEPOSIT_CLOCK_SKEW_MS,
  matchCryptoDeposit,
  sameAddress,
  sameTransaction,
} from './crypto-deposit-match.ts';
import type { DepositToMatch, OrderCandidate } from './crypto-deposit-match.ts';

const ADDRESS = 'TLDWDCnJ5o2hD57VjFC71PR7m41vudkA5j';
const T0 = new Date('2026-11-28T12:00:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

let next = 0;
function order(values: Partial<OrderCandidate> = {}): OrderCandidate {
  next += 1;
  return {
    id: `order-${next}`,
    status: 'pending',
    sendCode: 'USDT',
    depositNetwork: 'TRC20',
    depositAddress: ADDRESS,
    depositMemo: null,
    txHash: null,
    amountSend: '100',
    extraFee: '0',
    createdAt: minutes(0),
    expiresAt: minutes(30),
    deposits: [],
    ...values,
  };
}

function deposit(values: Partial<DepositToMatch> = {}): DepositToMatch {
  return {
    externalId: 'dep-1',
    tokenCode: 'USDT',
    network: 'TRC20',
    amount: '100',
    address: ADDRESS,
    addressTag: null,
    txId: 'ab'.repeat(32),
    seenAt: minutes(5),
    ...values,
  };
}

describe('matching a crypto deposit to an order', () => {
  it('takes the one open order of that exact amount, token, network and address', () => {
    const a = order();
    expect(matchCryptoDeposit(deposit(), [a])).toEqual({ kind: 'order', orderId: a.id });
    // amount sent plus the payment method's extra fee
    const b = order({ amountSend: '99.5', extraFee: '0.5' });
    expect(matchCryptoDeposit(deposit(), [b])).toEqual({ kind: 'order', orderId: b.id });
  });

  it('lets the customer’s transaction id decide between equal amounts', () => {
    const tx = `0x${'C0FFEE'.repeat(10)}abcd`;
    const named = order({ txHash: tx.toLowerCase().slice(2) });
    const other = order();
    expect(matchCryptoDeposit(deposit({ txId: tx }), [other, named])).toEqual({
      kind: 'order',
      orderId: named.id,
    });
  });

  it('calls two orders of the same amount without a transaction id ambiguous', () => {
    expect(matchCryptoDeposit(deposit(), [order(), order()])).toEqual({
      kind: 'none',
      reason: 'ambiguous',
    });
  });

  it('finds no order for another amount, token, network, address, memo or time', () => {
    const none = { kind: 'none', reason: 'no_order' };
    expect(matchCryptoDeposit(deposit({ amount: '100.01' }), [order()])).toEqual(none);
    expect(matchCryptoDeposit(deposit(), [order({ sendCode: 'BTC' })])).toEqual(none);
    expect(matchCryptoDeposit(deposit(), [order({ depositNetwork: 'BEP20' })])).toEqual(none);
    expect(matchCryptoDeposit(deposit(), [order({ depositAddress: 'TOther' })])).toEqual(none);
    expect(matchCryptoDeposit(deposit(), [order({ depositAddress: null })])).toEqual(none);
    expect(matchCryptoDeposit(deposit(), [order({ depositMemo: '123' })])).toEqual(none);
    expect(matchCryptoDeposit(deposit({ seenAt: minutes(31) }), [order()])).toEqual(none);
    expect(
      matchCryptoDeposit(deposit({ seenAt: new Date(T0.getTime() - DEPOSIT_CLOCK_SKEW_MS - 1) }), [
        order(),
      ]),
    ).toEqual(none);
    for (const status of ['admin_confirmed', 'canceled', 'refunded', 'completed'] as const) {
      expect(matchCryptoDeposit(deposit(), [order({ status })])).toEqual(none);
    }
    // an order whose customer named another transaction is not taken by amount
    expect(matchCryptoDeposit(deposit(), [order({ txHash: 'cd'.repeat(32) })])).toEqual(none);
  });

  it('needs the memo of a shared address', () => {
    const memoOrder = order({ depositMemo: '4471' });
    expect(matchCryptoDeposit(deposit({ addressTag: '4471' }), [memoOrder])).toEqual({
      kind: 'order',
      orderId: memoOrder.id,
    });
    expect(matchCryptoDeposit(deposit({ addressTag: '4472' }), [memoOrder]).kind).toBe('none');
  });

  it('keeps a deposit with the order an earlier report attached it to', () => {
    const first = order({ deposits: ['dep-1'], status: 'paid' });
    const later = order({ createdAt: minutes(1) });
    expect(matchCryptoDeposit(deposit(), [later, first])).toEqual({
      kind: 'order',
      orderId: first.id,
    });
    // an earlier report's order, even one no longer open: the payments service decides
    expect(matchCryptoDeposit(deposit({ attachedTo: 'order-x' }), [later])).toEqual({
      kind: 'order',
      orderId: 'order-x',
    });
    // and an order holding another deposit is not taken by amount
    const taken = order({ deposits: ['dep-0'], status: 'paid' });
    expect(matchCryptoDeposit(deposit(), [taken])).toEqual({ kind: 'none', reason: 'no_order' });
  });
});

describe('properties', () => {
  const amount = fc
    .tuple(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 99 }))
    .map(([int, cents]) => `${int}.${String(cents).padStart(2, '0')}`);
  const candidate = fc.record({
    amountSend: amount,
    status: fc.constantFrom('pending', 'user_confirmed', 'paid', 'canceled', 'admin_confirmed'),
    createdMinutes: fc.integer({ min: -60, max: 60 }),
    txHash: fc.option(fc.constantFrom('aa'.repeat(32), 'bb'.repeat(32)), { nil: null }),
  });
  const candidates = fc.array(candidate, { maxLength: 6 }).map((list) =>
    list.map((c) =>
      order({
        amountSend: c.amountSend,
        status: c.status,
        createdAt: minutes(c.createdMinutes),
        expiresAt: minutes(c.createdMinutes + 30),
        txHash: c.txHash,
      }),
    ),
  );
  const arbitraryDeposit = fc
    .record({
      amount,
      seenMinutes: fc.integer({ min: -30, max: 90 }),
      txId: fc.option(fc.constantFrom('aa'.repeat(32), `0x${'BB'.repeat(32)}`, 'cc'.repeat(32)), {
        nil: null,
      }),
    })
    .map((d) => deposit({ amount: d.amount, seenAt: minutes(d.seenMinutes), txId: d.txId }));

  it('chooses an open order of the candidates, or none, and never depends on their order', () => {
    fc.assert(
      fc.property(arbitraryDeposit, candidates, (d, list) => {
        const match = matchCryptoDeposit(d, list);
        if (match.kind === 'order') {
          const chosen = list.find((o) => o.id === match.orderId);
          expect(chosen).toBeDefined();
          expect(['pending', 'user_confirmed', 'paid']).toContain(chosen!.status);
        }
        expect(matchCryptoDeposit(d, [...list].reverse())).toEqual(match);
      }),
    );
  });

  it('matches by amount only when exactly one order fits, and never an amount that differs', () => {
    fc.assert(
      fc.property(arbitraryDeposit, candidates, (d, list) => {
        const match = matchCryptoDeposit({ ...d, txId: null }, list);
        const fits = list.filter(
          (o) =>
            ['pending', 'user_confirmed', 'paid'].includes(o.status) &&
            o.txHash === null &&
            o.amountSend === d.amount &&
            d.seenAt.getTime() >= o.createdAt.getTime() - DEPOSIT_CLOCK_SKEW_MS &&
            d.seenAt <= o.expiresAt,
        );
        if (fits.length === 1) expect(match).toEqual({ kind: 'order', orderId: fits[0]!.id });
        else if (fits.length > 1) expect(match).toEqual({ kind: 'none', reason: 'ambiguous' });
        else expect(match).toEqual({ kind: 'none', reason: 'no_order' });
      }),
    );
  });

  it('compares hex transaction ids whatever their case or 0x where the network’s are hex', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f]{64}$/),
        fc.boolean(),
        fc.constantFrom('TRC20', 'ERC20', 'BEP20', 'BTC', 'TRX', 'BSC'),
        (hex, prefixed, network) => {
          const other = `${prefixed ? '0x' : ''}${hex.toUpperCase()}`;
          expect(sameTransaction(hex, other, network)).toBe(true);
          expect(
            sameTransaction(
              hex,
              other.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
              network,
            ),
          ).toBe(false);
        },
      ),
    );
  });

  it('compares transaction ids exactly on other networks', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{43,88}$/),
        fc.constantFrom('SOL', 'XRP', 'UNKNOWN'),
        (signature, network) => {
          fc.pre(signature.toLowerCase() !== signature);
          expect(sameTransaction(signature, signature, network)).toBe(true);
          expect(sameTransaction(signature, signature.toLowerCase(), network)).toBe(false);
          expect(sameTransaction(signature, ` ${signature} `, network)).toBe(true);
        },
      ),
    );
    expect(sameTransaction('', '', 'TRC20')).toBe(false);
  });

  it('compares EVM addresses whatever their checksum case, others exactly', () => {
    const evm = '0x7065726d7574612d64656d6f2d61646472657373';
    expect(sameAddress(evm, evm.toUpperCase().replace('0X', '0x'))).toBe(true);
    expect(sameAddress(ADDRESS, ADDRESS.toLowerCase())).toBe(false);
  });
});
