import { zonedTimeToUtc } from '@permuta/contracts/operating-hours';

/** Days of the back office's date filters are days in Brazil. */
export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';

/**
 * A date filter's bound: a `YYYY-MM-DD` day (a whole day in Brazil) or an instant. For a day,
 * its first instant, or with `end` the first instant after it.
 */
export function boundary(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!day) return new Date(value);
  return zonedTimeToUtc(
    {
      year: Number(day[1]),
      month: Number(day[2]),
      day: Number(day[3]) + (end ? 1 : 0),
      hour: 0,
      minute: 0,
    },
    BUSINESS_TIME_ZONE,
  );
}
