import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addBusinessDays,
  addCalendarDays,
  brazilianHolidays,
  businessDaysDeadline,
  easterSunday,
  isBusinessDay,
  isoDate,
} from './business-days.ts';
import type { CalendarDate } from './business-days.ts';

const date = (iso: string): CalendarDate => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};
const weekday = (d: CalendarDate) => new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();

const calendarDate = fc
  .date({
    min: new Date(Date.UTC(1990, 0, 1)),
    max: new Date(Date.UTC(2100, 11, 31)),
    noInvalidDate: true,
  })
  .map((d) => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }));

describe('Easter and the holidays that follow it', () => {
  it('finds Easter Sunday of known years', () => {
    expect(isoDate(easterSunday(2024))).toBe('2024-03-31');
    expect(isoDate(easterSunday(2025))).toBe('2025-04-20');
    expect(isoDate(easterSunday(2026))).toBe('2026-04-05');
    expect(isoDate(easterSunday(2027))).toBe('2027-03-28');
    expect(isoDate(easterSunday(2038))).toBe('2038-04-25');
  });

  it('always puts Easter on a Sunday between March 22 and April 25', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1583, max: 4099 }), (year) => {
        const easter = easterSunday(year);
        expect(weekday(easter)).toBe(0);
        const key = easter.month * 100 + easter.day;
        expect(key).toBeGreaterThanOrEqual(322);
        expect(key).toBeLessThanOrEqual(425);
      }),
    );
  });

  it('lists the 2026 national holidays, Carnival, Good Friday and Corpus Christi included', () => {
    expect([...brazilianHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-02-16', // Carnival Monday
      '2026-02-17', // Carnival Tuesday
      '2026-04-03', // Good Friday
      '2026-04-21',
      '2026-05-01',
      '2026-06-04', // Corpus Christi
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-15',
      '2026-11-20',
      '2026-12-25',
    ]);
  });

  it('counts November 20 as a holiday only from 2024', () => {
    expect(brazilianHolidays(2023).has('2023-11-20')).toBe(false);
    expect(brazilianHolidays(2024).has('2024-11-20')).toBe(true);
  });
});

describe('business days', () => {
  it('skips the weekend', () => {
    // Thursday 2026-03-05 + 3 business days: Fri 6, Mon 9, Tue 10
    expect(isoDate(addBusinessDays(date('2026-03-05'), 3))).toBe('2026-03-10');
    // Friday + 1 is Monday; Saturday + 1 is Monday too
    expect(isoDate(addBusinessDays(date('2026-03-06'), 1))).toBe('2026-03-09');
    expect(isoDate(addBusinessDays(date('2026-03-07'), 1))).toBe('2026-03-09');
  });

  it('skips Carnival, Good Friday, Corpus Christi and fixed holidays', () => {
    // Friday 2026-02-13 + 1: Mon 16 and Tue 17 are Carnival -> Wednesday 18
    expect(isoDate(addBusinessDays(date('2026-02-13'), 1))).toBe('2026-02-18');
    // Wednesday 2026-04-01 + 2: Thu 2, (Good Friday 3), Mon 6
    expect(isoDate(addBusinessDays(date('2026-04-01'), 2))).toBe('2026-04-06');
    // Wednesday 2026-06-03 + 1: Corpus Christi Thu 4 -> Friday 5
    expect(isoDate(addBusinessDays(date('2026-06-03'), 1))).toBe('2026-06-05');
    // Thursday 2026-12-24 + 1: Christmas Friday 25 -> Monday 28
    expect(isoDate(addBusinessDays(date('2026-12-24'), 1))).toBe('2026-12-28');
  });

  it('crosses the year', () => {
    // Wed 2026-12-30 + 2: Thu 31, (Jan 1 holiday, weekend), Mon 2027-01-04
    expect(isoDate(addBusinessDays(date('2026-12-30'), 2))).toBe('2027-01-04');
  });

  it('refuses a count below one', () => {
    expect(() => addBusinessDays(date('2026-03-05'), 0)).toThrow(RangeError);
    expect(() => addBusinessDays(date('2026-03-05'), 1.5)).toThrow(RangeError);
  });

  it('lands on a business day, after the start, with exactly n business days in between', () => {
    fc.assert(
      fc.property(calendarDate, fc.integer({ min: 1, max: 30 }), (start, n) => {
        const end = addBusinessDays(start, n);
        expect(isBusinessDay(end)).toBe(true);
        expect(weekday(end)).not.toBe(0);
        expect(weekday(end)).not.toBe(6);
        expect(isoDate(end) > isoDate(start)).toBe(true);
        let counted = 0;
        for (
          let d = addCalendarDays(start, 1);
          isoDate(d) <= isoDate(end);
          d = addCalendarDays(d, 1)
        ) {
          if (isBusinessDay(d)) counted += 1;
        }
        expect(counted).toBe(n);
      }),
    );
  });

  it('adds up: n then m business days is n + m business days', () => {
    fc.assert(
      fc.property(
        calendarDate,
        fc.integer({ min: 1, max: 15 }),
        fc.integer({ min: 1, max: 15 }),
        (start, n, m) => {
          expect(isoDate(addBusinessDays(addBusinessDays(start, n), m))).toBe(
            isoDate(addBusinessDays(start, n + m)),
          );
        },
      ),
    );
  });
});

describe('a deadline in business days', () => {
  it('ends at the next local midnight after the n-th business day of the local date', () => {
    // Friday 2026-03-06 22:30 in São Paulo is already Saturday 01:30 UTC: counted from Friday
    const deadline = businessDaysDeadline(new Date('2026-03-07T01:30:00Z'), 3, 'America/Sao_Paulo');
    expect(deadline.date).toBe('2026-03-11');
    expect(deadline.endsAt.toISOString()).toBe('2026-03-12T03:00:00.000Z');
  });
});
