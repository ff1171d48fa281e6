import { describe, expect, it } from 'vitest';
import { calendarDay, deskStatus, type OperatingHours } from './operating-hours.ts';

/** The product's hours: Monday to Friday, 10:00 to 18:00, São Paulo (UTC-3, no summer time). */
const HOURS: OperatingHours = {
  timeZone: 'America/Sao_Paulo',
  days: [1, 2, 3, 4, 5],
  open: '10:00',
  close: '18:00',
};
/** A São Paulo wall-clock time as an instant (-03:00). */
const sp = (local: string) => new Date(`${local}-03:00`);

describe('deskStatus: open or closed now, in São Paulo time', () => {
  it('opens at 10:00 sharp and closes at 18:00 sharp on a weekday', () => {
    // Wednesday 4 March 2026
    expect(deskStatus(HOURS, sp('2026-03-04T09:59:59'))).toMatchObject({
      open: false,
      day: 'today',
      weekday: 3,
      hour: 10,
      minute: 0,
    });
    expect(deskStatus(HOURS, sp('2026-03-04T10:00:00'))).toEqual({ open: true });
    expect(deskStatus(HOURS, sp('2026-03-04T17:59:59'))).toEqual({ open: true });
    expect(deskStatus(HOURS, sp('2026-03-04T18:00:00'))).toMatchObject({
      open: false,
      day: 'tomorrow',
      weekday: 4,
      hour: 10,
    });
  });

  it('sends Friday evening and the weekend to Monday 10:00', () => {
    const monday = sp('2026-03-09T10:00:00').toISOString();
    const friday = deskStatus(HOURS, sp('2026-03-06T18:00:00'));
    expect(friday).toMatchObject({ open: false, day: 'later', weekday: 1, hour: 10 });
    expect(friday.open === false && friday.opensAt?.toISOString()).toBe(monday);
    expect(deskStatus(HOURS, sp('2026-03-07T12:00:00'))).toMatchObject({
      open: false,
      day: 'later',
      weekday: 1,
    });
    // Sunday 23:59 in São Paulo is already Monday in UTC: still "tomorrow" on the desk's clock
    const sunday = deskStatus(HOURS, sp('2026-03-08T23:59:00'));
    expect(sunday).toMatchObject({ open: false, day: 'tomorrow', weekday: 1, hour: 10 });
    expect(sunday.open === false && sunday.opensAt?.toISOString()).toBe(monday);
    // Monday just after midnight: today at 10:00
    expect(deskStatus(HOURS, sp('2026-03-09T00:00:00'))).toMatchObject({
      open: false,
      day: 'today',
    });
  });

  it('follows the hours of the settings: a Saturday morning desk, a half-hour opening', () => {
    const saturdays = { ...HOURS, days: [1, 2, 3, 4, 5, 6], open: '09:30', close: '13:00' };
    expect(deskStatus(saturdays, sp('2026-03-07T09:45:00'))).toEqual({ open: true });
    expect(deskStatus(saturdays, sp('2026-03-07T13:00:00'))).toMatchObject({
      open: false,
      day: 'later',
      weekday: 1,
      hour: 9,
      minute: 30,
    });
  });

  it('is closed with no opening when no weekday is set', () => {
    expect(deskStatus({ ...HOURS, days: [] }, sp('2026-03-04T12:00:00'))).toMatchObject({
      open: false,
      opensAt: null,
    });
  });
});

describe('calendarDay: the local day of an instant, as [from, to)', () => {
  const SP = 'America/Sao_Paulo';
  const day = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });

  it('is the São Paulo day, not the UTC one (UTC-3, no summer time since 2019)', () => {
    // 02:00 UTC on the 29th is still the 28th in São Paulo
    expect(calendarDay(new Date('2026-11-29T02:00:00Z'), SP)).toEqual(
      day('2026-11-28T03:00:00Z', '2026-11-29T03:00:00Z'),
    );
  });

  it('starts at local midnight sharp and ends just before the next one', () => {
    const tuesday = day('2026-03-03T03:00:00Z', '2026-03-04T03:00:00Z');
    expect(calendarDay(sp('2026-03-03T00:00:00'), SP)).toEqual(tuesday);
    expect(calendarDay(new Date(Date.parse('2026-03-04T03:00:00Z') - 1), SP)).toEqual(tuesday);
    // the next day's midnight is the next day
    expect(calendarDay(sp('2026-03-04T00:00:00'), SP)).toEqual(
      day('2026-03-04T03:00:00Z', '2026-03-05T03:00:00Z'),
    );
    // and a millisecond before this midnight is the day before
    expect(calendarDay(new Date(Date.parse('2026-03-03T03:00:00Z') - 1), SP)).toEqual(
      day('2026-03-02T03:00:00Z', '2026-03-03T03:00:00Z'),
    );
  });

  it('crosses the month and the year: New Year is a São Paulo midnight, 03:00 UTC', () => {
    const newYearsEve = day('2026-12-31T03:00:00Z', '2027-01-01T03:00:00Z');
    expect(calendarDay(sp('2026-12-31T00:00:00'), SP)).toEqual(newYearsEve);
    // already 1 January in UTC, still 31 December in São Paulo
    expect(calendarDay(new Date('2027-01-01T02:59:59.999Z'), SP)).toEqual(newYearsEve);
    expect(calendarDay(new Date('2027-01-01T03:00:00Z'), SP)).toEqual(
      day('2027-01-01T03:00:00Z', '2027-01-02T03:00:00Z'),
    );
    // the end of February, in a common year and in a leap year
    expect(calendarDay(sp('2027-02-28T12:00:00'), SP)).toEqual(
      day('2027-02-28T03:00:00Z', '2027-03-01T03:00:00Z'),
    );
    expect(calendarDay(sp('2028-02-28T12:00:00'), SP)).toEqual(
      day('2028-02-28T03:00:00Z', '2028-02-29T03:00:00Z'),
    );
  });

  it('is 23 hours long where the offset moves forward, in a zone with summer time', () => {
    // New York springs forward at 02:00 on 8 March 2026: midnight is -05:00, the next -04:00
    expect(calendarDay(new Date('2026-03-08T12:00:00Z'), 'America/New_York')).toEqual(
      day('2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z'),
    );
  });
});
