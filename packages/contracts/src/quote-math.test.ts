import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dec, unit } from './money.ts';
import { quoteForReceive, quoteForSend } from './quote-math.ts';
import type { QuoteMathInput } from './quote-math.ts';

const usdtToPix: QuoteMathInput = {
  send: { precision: 6, priceBrl: '5.40' },
  receive: { precision: 2, priceBrl: '1' },
  feePercent: '3.5',
  networkFee: '0',
};

describe('quote for an amount to send', () => {
  it('applies price, fee and floor to the received precision', () => {
    // 100 x 5.40 x 0.965 = 521.1 BRL
    const quote = quoteForSend('100', usdtToPix);
    expect(quote.amountReceive).toBe('521.10');
    expect(quote.feeAmount).toBe('18.90');
    expect(quote.rate).toBe('5.4');
    expect(quote.valueBrl).toBe('540.00');
  });

  it('rounds down, never in the customer favour', () => {
    // 1.234567 x 5.40 x 0.965 = 6.43320861... -> 6.43
    expect(quoteForSend('1.234567', usdtToPix).amountReceive).toBe('6.43');
  });

  it('subtracts the network fee of a crypto payout after rounding', () => {
    const pixToUsdt: QuoteMathInput = {
      send: { precision: 2, priceBrl: '1' },
      receive: { precision: 6, priceBrl: '5.40' },
      feePercent: '4',
      networkFee: '1',
    };
    // 1000 x 0.96 / 5.40 = 177.777777... -> 177.777777 - 1
    expect(quoteForSend('1000', pixToUsdt).amountReceive).toBe('176.777777');
  });

  it('can return a non-positive amount when fees eat everything (callers refuse it)', () => {
    const tiny: QuoteMathInput = { ...usdtToPix, networkFee: '5' };
    expect(dec(quoteForSend('0.000001', tiny).amountReceive).lte(0)).toBe(true);
  });
});

describe('quote for an amount to receive', () => {
  it('finds the smallest amount to send that yields the request', () => {
    const quote = quoteForReceive('521.10', usdtToPix);
    expect(quote.amountSend).toBe('100.000000');
    expect(quote.amountReceive).toBe('521.10');
  });

  it('rounds the amount to send up', () => {
    // 10 / (5.40 x 0.965) = 1.9190174...
    const quote = quoteForReceive('10', usdtToPix);
    expect(quote.amountSend).toBe('1.919018');
    expect(dec(quote.amountReceive).gte(10)).toBe(true);
  });
});

// --- properties ------------------------------------------------------------------------------

const precisionArb = fc.integer({ min: 0, max: 10 });
const priceArb = fc
  .tuple(fc.integer({ min: 1, max: 99_999_999 }), fc.integer({ min: 0, max: 6 }))
  .map(([digits, places]) => dec(digits).div(dec(10).pow(places)).toFixed());
const feeArb = fc
  .tuple(fc.integer({ min: 0, max: 49 }), fc.integer({ min: 0, max: 9999 }))
  .map(([whole, frac]) => `${whole}.${String(frac).padStart(4, '0')}`);
const inputArb: fc.Arbitrary<QuoteMathInput> = fc.record({
  send: fc.record({ precision: precisionArb, priceBrl: priceArb }),
  receive: fc.record({ precision: precisionArb, priceBrl: priceArb }),
  feePercent: feeArb,
  networkFee: fc.constant('0'),
});
const withNetworkFee = inputArb.chain((input) =>
  fc
    .integer({ min: 0, max: 1000 })
    .map((n) => ({ ...input, networkFee: dec(n).times(unit(input.receive.precision)).toFixed() })),
);
function amountArb(precision: number): fc.Arbitrary<string> {
  return fc
    .bigInt({ min: 1n, max: 10n ** 14n })
    .map((units) => dec(units.toString()).times(unit(precision)).toFixed());
}
const caseArb = withNetworkFee.chain((input) =>
  amountArb(input.send.precision).map((amount) => ({ input, amount })),
);

/** The exact value the customer is owed, with no rounding at all (fee and network fee applied). */
function exactReceive(amountSend: string, input: QuoteMathInput) {
  return dec(amountSend)
    .times(input.send.priceBrl)
    .times(dec(100).minus(input.feePercent))
    .div(dec(100).times(input.receive.priceBrl))
    .minus(input.networkFee);
}

describe('quote arithmetic properties', () => {
  it('never rounds in the customer favour, and loses less than one unit of precision', () => {
    fc.assert(
      fc.property(caseArb, ({ input, amount }) => {
        const received = dec(quoteForSend(amount, input).amountReceive);
        const exact = exactReceive(amount, input);
        expect(received.lte(exact)).toBe(true);
        expect(exact.minus(received).lt(unit(input.receive.precision))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('is monotonic in the amount sent', () => {
    fc.assert(
      fc.property(
        withNetworkFee.chain((input) =>
          fc.tuple(
            fc.constant(input),
            amountArb(input.send.precision),
            amountArb(input.send.precision),
          ),
        ),
        ([input, a, b]) => {
          const [low, high] = dec(a).lte(b) ? [a, b] : [b, a];
          const lowReceive = dec(quoteForSend(low, input).amountReceive);
          expect(lowReceive.lte(quoteForSend(high, input).amountReceive)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('agrees in both directions: the reverse quote is the least amount that yields the request', () => {
    fc.assert(
      fc.property(
        withNetworkFee.chain((input) =>
          fc.tuple(fc.constant(input), amountArb(input.receive.precision)),
        ),
        ([input, wanted]) => {
          const quote = quoteForReceive(wanted, input);
          expect(dec(quote.amountReceive).gte(wanted)).toBe(true);
          // one unit less to send would not be enough
          const less = dec(quote.amountSend).minus(unit(input.send.precision));
          if (less.gt(0)) {
            expect(dec(quoteForSend(less.toFixed(), input).amountReceive).lt(wanted)).toBe(true);
          }
          // and the forward quote of what we ask to send is exactly what we promise
          expect(quoteForSend(quote.amountSend, input).amountReceive).toBe(quote.amountReceive);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('round-trips: quoting the received amount back never asks for more than was sent', () => {
    fc.assert(
      fc.property(caseArb, ({ input, amount }) => {
        const forward = quoteForSend(amount, input);
        fc.pre(dec(forward.amountReceive).gt(0));
        const back = quoteForReceive(forward.amountReceive, input);
        expect(dec(back.amountSend).lte(amount)).toBe(true);
        expect(back.amountReceive).toBe(forward.amountReceive);
      }),
      { numRuns: 500 },
    );
  });
});
