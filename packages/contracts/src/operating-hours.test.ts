import { describe, expect, it } from 'vitest';
import { deskStatus, type OperatingHours } from './operating-hours.ts';

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
