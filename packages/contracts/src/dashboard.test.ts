import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayIn, daysEndingOn, mondayOf } from './dashboard.ts';

const days = fc
  .date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2099-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

describe('dashboard calendar days', () => {
  it('reads the day of an instant in São Paulo, not in UTC', () => {
    expect(dayIn(new Date('2026-03-20T02:59:59.999Z'))).toBe('2026-03-19');
    expect(dayIn(new Date('2026-03-20T03:00:00.000Z'))).toBe('2026-03-20');
    expect(dayIn(new Date('2026-03-20T02:59:59.999Z'), 'UTC')).toBe('2026-03-20');
  });

  it('moves across month, year and leap-day ends', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysEndingOn('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('finds the Monday a week starts on, within the six days before', () => {
    expect(mondayOf('2026-03-22')).toBe('2026-03-16'); // Sunday
    expect(mondayOf('2026-03-16')).toBe('2026-03-16');
    fc.assert(
      fc.property(days, (day) => {
        const monday = mondayOf(day);
        expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
        const back =
          (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${monday}T00:00:00Z`)) / 86_400_000;
        expect(back).toBeGreaterThanOrEqual(0);
        expect(back).toBeLessThanOrEqual(6);
      }),
    );
  });

  it('lists consecutive days ending on the given one', () => {
    fc.assert(
      fc.property(days, fc.integer({ min: 1, max: 120 }), (last, count) => {
        const list = daysEndingOn(last, count);
        expect(list).toHaveLength(count);
        expect(list.at(-1)).toBe(last);
        list.slice(1).forEach((day, i) => expect(addDays(list[i]!, 1)).toBe(day));
      }),
    );
  });
});
