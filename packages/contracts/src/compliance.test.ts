import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  declarationDeadline,
  documentKey,
  manyNewWallets,
  parseCaseCursor,
  structuringHit,
  thirdPartyPayer,
  volumeSpike,
} from './compliance.ts';
import { dec } from './money.ts';

const T = {
  complianceStructuringOrders: 3,
  complianceStructuringMarginPercent: 10,
  complianceWindowDays: 7,
  complianceVolumeMultiple: 5,
  complianceVolumeMinBrl: '1000',
  complianceFirstMonthBrl: '20000',
  complianceNewWallets: 3,
};
const LIMIT = [{ name: 'order_limit', limitBrl: '10000' }];
const orders = (...values: string[]) => values.map((valueBrl, i) => ({ id: `o${i}`, valueBrl }));

describe('structuring', () => {
  it('fires on 3 orders from 90 % of the limit up to the limit itself', () => {
    expect(structuringHit(orders('9000', '9500', '10000'), LIMIT, T)).toEqual({
      limit: 'order_limit',
      limitBrl: '10000.00',
      floorBrl: '9000.00',
      totalBrl: '28500.00',
      orderIds: ['o0', 'o1', 'o2'],
    });
  });

  it('ignores orders one centavo below the floor or above the limit', () => {
    expect(structuringHit(orders('8999.99', '9500', '9500'), LIMIT, T)).toBeNull();
    expect(structuringHit(orders('10000.01', '9500', '9500'), LIMIT, T)).toBeNull();
  });

  it('needs the sum above the limit (a wide margin with many small orders)', () => {
    const wide = { ...T, complianceStructuringMarginPercent: 50 };
    const limit = [{ name: 'two_factor', limitBrl: '30' }];
    // 3 orders of 10: 30 is not above 30
    expect(
      structuringHit(orders('10', '10', '10'), limit, {
        ...wide,
        complianceStructuringMarginPercent: 50,
      }),
    ).toBeNull();
    expect(structuringHit(orders('15', '15', '15'), limit, wide)?.totalBrl).toBe('45.00');
  });

  it('skips a limit of 0 (turned off) and takes the first limit broken', () => {
    const limits = [
      { name: 'two_factor', limitBrl: '0' },
      { name: 'order_limit', limitBrl: '10000' },
      { name: 'level_daily', limitBrl: '9600' },
    ];
    expect(structuringHit(orders('9500', '9500', '9500'), limits, T)?.limit).toBe('order_limit');
  });

  it('never fires with fewer orders than the setting, whatever the values (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 2_000_000 }), { maxLength: 2 }), (cents) => {
        const values = cents.map((c) => dec(c).div(100).toFixed(2));
        return structuringHit(orders(...values), LIMIT, T) === null;
      }),
    );
  });

  it('every order of a hit is within its band and the hit sums above the limit (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 800_000, max: 1_050_000 }), { minLength: 3, maxLength: 8 }),
        (cents) => {
          const values = cents.map((c) => dec(c).div(100).toFixed(2));
          const hit = structuringHit(orders(...values), LIMIT, T);
          if (!hit) return true;
          const byId = new Map(orders(...values).map((o) => [o.id, o.valueBrl]));
          return (
            hit.orderIds.length >= 3 &&
            hit.orderIds.every(
              (id) => dec(byId.get(id)!).gte('9000') && dec(byId.get(id)!).lte('10000'),
            ) &&
            dec(hit.totalBrl).gt('10000')
          );
        },
      ),
    );
  });
});

describe('payer not the customer', () => {
  it('compares documents whatever their punctuation, the CNPJ of a business too', () => {
    expect(thirdPartyPayer('123.456.789-09', ['12345678909'])).toBe(false);
    expect(thirdPartyPayer('98765432100', ['12345678909'])).toBe(true);
    expect(thirdPartyPayer('12.ABC.345/01DE-35', ['12345678909', '12ABC34501DE35'])).toBe(false);
    expect(thirdPartyPayer(null, ['12345678909'])).toBe(false);
    expect(thirdPartyPayer('98765432100', [null, undefined])).toBe(true);
    expect(documentKey(' 12.abc ')).toBe('12ABC');
  });
});

describe('volume far above history', () => {
  it('with history: above 5 times the average month and the minimum, not at it', () => {
    expect(volumeSpike({ recentBrl: '5000', historyBrl: '6000' }, T)).toBeNull();
    expect(volumeSpike({ recentBrl: '5000.01', historyBrl: '6000' }, T)).toEqual({
      kind: 'above_history',
      recentBrl: '5000.01',
      averageMonthBrl: '1000.00',
      thresholdBrl: '5000.00',
    });
  });

  it('with history: never below the minimum', () => {
    expect(volumeSpike({ recentBrl: '999.99', historyBrl: '6' }, T)).toBeNull();
    expect(volumeSpike({ recentBrl: '1000', historyBrl: '6' }, T)?.thresholdBrl).toBe('1000.00');
  });

  it('without history: above the first-month threshold only', () => {
    expect(volumeSpike({ recentBrl: '20000', historyBrl: '0' }, T)).toBeNull();
    expect(volumeSpike({ recentBrl: '20000.01', historyBrl: '0' }, T)?.kind).toBe('first_month');
  });

  it('a hit is always above its threshold (property)', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(10_000_000), (recent, history) => {
        const hit = volumeSpike({ recentBrl: String(recent), historyBrl: String(history) }, T);
        return (
          hit === null ||
          dec(hit.recentBrl).gt(
            hit.kind === 'first_month' ? hit.thresholdBrl : dec(history).div(6).times(5),
          )
        );
      }),
    );
  });
});

describe('many new wallets', () => {
  it('fires from the setting on', () => {
    expect(manyNewWallets(2, T)).toBe(false);
    expect(manyNewWallets(3, T)).toBe(true);
  });
});

describe('the yearly declaration', () => {
  it('is due on the 10th business day of January (1 January a holiday)', () => {
    expect(declarationDeadline(2025)).toBe('2026-01-15');
    expect(declarationDeadline(2026)).toBe('2027-01-15');
    expect(declarationDeadline(2029)).toBe('2030-01-15');
  });
});

describe('the case cursor', () => {
  it('takes an exact position and refuses anything else', () => {
    const id = '0b6f2c1e-9a7d-4c3b-8e2f-1a2b3c4d5e6f';
    expect(parseCaseCursor(`2026-03-17T15:00:00.123456Z_${id}`)).toEqual({
      createdAt: '2026-03-17T15:00:00.123456Z',
      id,
    });
    expect(parseCaseCursor(`2026-13-17T15:00:00.123456Z_${id}`)).toBeNull();
    expect(parseCaseCursor('nope')).toBeNull();
  });
});
