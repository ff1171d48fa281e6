import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorMessage } from './errors.ts';
import { dec } from './money.ts';
import { calendarMonth, tierLimitBroken, tierLimits } from './tiers.ts';

const cents = (n: number) => dec(n).div(100).toFixed(2);
const SETTINGS = {
  tier1DailyBrl: '1000',
  tier1MonthlyBrl: '5000',
  tier2DailyBrl: '50000',
  tier2MonthlyBrl: '200000',
  tier3DailyBrl: '200000.5',
  tier3MonthlyBrl: '1000000',
};

describe('tierLimitBroken', () => {
  it('lets an order equal to what is left through and refuses one centavo more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_00 }),
        fc.integer({ min: 0, max: 10_000_000_00 }),
        fc.integer({ min: 0, max: 10_000_000_00 }),
        (dailyCents, monthExtraCents, usedTodayCents) => {
          const daily = cents(dailyCents);
          const monthly = cents(dailyCents + monthExtraCents);
          const usedToday = cents(usedTodayCents);
          // the month has used at least the day
          const usedMonth = usedToday;
          const leftToday = Math.max(0, dailyCents - usedTodayCents);
          const leftMonth = Math.max(0, dailyCents + monthExtraCents - usedTodayCents);
          const left = Math.min(leftToday, leftMonth);
          const limits = { dailyBrl: daily, monthlyBrl: monthly };
          const used = { todayBrl: usedToday, monthBrl: usedMonth };
          expect(tierLimitBroken(limits, used, cents(left))).toBeNull();
          const over = tierLimitBroken(limits, used, cents(left + 1));
          expect(over).not.toBeNull();
          expect(over?.remainingBrl).toBe(cents(left));
          expect(over?.period).toBe(leftToday <= leftMonth ? 'daily' : 'monthly');
        },
      ),
    );
  });

  it('names the month when the day still has room', () => {
    expect(
      tierLimitBroken(
        { dailyBrl: '1000', monthlyBrl: '5000' },
        { todayBrl: '0', monthBrl: '4900.01' },
        '100',
      ),
    ).toEqual({ period: 'monthly', limitBrl: '5000', remainingBrl: '99.99' });
  });

  it('reads each level from the settings', () => {
    expect(tierLimits(SETTINGS, 3)).toEqual({ dailyBrl: '200000.5', monthlyBrl: '1000000' });
    expect(tierLimits(SETTINGS, 1)).toEqual({ dailyBrl: '1000', monthlyBrl: '5000' });
  });
});

describe('calendarMonth', () => {
  it('is the São Paulo month, from its first midnight to the next one', () => {
    // 23:59 of 31 January in São Paulo is still January
    expect(calendarMonth(new Date('2026-02-01T02:59:00.000Z'), 'America/Sao_Paulo')).toEqual({
      from: new Date('2026-01-01T03:00:00.000Z'),
      to: new Date('2026-02-01T03:00:00.000Z'),
    });
    expect(calendarMonth(new Date('2026-12-31T12:00:00.000Z'), 'America/Sao_Paulo')).toEqual({
      from: new Date('2026-12-01T03:00:00.000Z'),
      to: new Date('2027-01-01T03:00:00.000Z'),
    });
  });
});

describe('the message of TIER_LIMIT_EXCEEDED', () => {
  it('names the window in the language of the message', () => {
    const params = {
      level: 2,
      period: 'monthly',
      limitBrl: '200000',
      remainingBrl: '1234.56',
      valueBrl: '2000.00',
    };
    expect(errorMessage('TIER_LIMIT_EXCEEDED', 'pt-BR', params)).toBe(
      'O limite mensal do seu nível 2 é de R$\u00a0200.000,00; você ainda pode trocar R$\u00a01.234,56 e este pedido é de R$\u00a02.000,00. Suba de nível para trocar mais.',
    );
    expect(errorMessage('TIER_LIMIT_EXCEEDED', 'en-US', params)).toBe(
      'Your level 2 monthly limit is R$200,000.00; you can still exchange R$1,234.56 and this order is R$2,000.00. Raise your level to exchange more.',
    );
  });
});
