import { localParts, zonedTimeToUtc } from './operating-hours.ts';

/**
 * Brazilian business days (dias úteis): Monday to Friday except the national holidays, the days
 * banks do not clear a boleto. Used for the boleto's due date and for how long a boleto order may
 * wait to be issued (PRODUCT.md section 1). Calendar dates are plain { year, month, day } values,
 * month 1-12; time zones through operating-hours (Intl only).
 */
export interface CalendarDate {
  year: number;
  /** 1 = January */
  month: number;
  day: number;
}

/** The date `days` calendar days after `date` (negative: before). */
export function addCalendarDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** "YYYY-MM-DD" */
export function isoDate(date: CalendarDate): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

/** Fixed-date national holidays, "MM-DD". */
const FIXED_HOLIDAYS = [
  '01-01', // Confraternização Universal
  '04-21', // Tiradentes
  '05-01', // Dia do Trabalho
  '09-07', // Independência
  '10-12', // Nossa Senhora Aparecida
  '11-02', // Finados
  '11-15', // Proclamação da República
  '12-25', // Natal
];
/** Dia Nacional de Zumbi e da Consciência Negra, a national holiday from 2024 (Lei 14.759/2023). */
const BLACK_CONSCIOUSNESS_DAY = { month: 11, day: 20, since: 2024 };
/** Easter-based days banks do not open, in days from Easter Sunday. */
const EASTER_OFFSETS = [
  -48, // Carnival Monday
  -47, // Carnival Tuesday
  -2, // Good Friday
  60, // Corpus Christi
];

const holidayCache = new Map<number, ReadonlySet<string>>();

/** The national holidays of a year (fixed dates and the Easter-based ones), as "YYYY-MM-DD". */
export function brazilianHolidays(year: number): ReadonlySet<string> {
  let found = holidayCache.get(year);
  if (!found) {
    const pad = String(year).padStart(4, '0');
    const days = FIXED_HOLIDAYS.map((monthDay) => `${pad}-${monthDay}`);
    if (year >= BLACK_CONSCIOUSNESS_DAY.since) days.push(`${pad}-11-20`);
    const easter = easterSunday(year);
    for (const offset of EASTER_OFFSETS) days.push(isoDate(addCalendarDays(easter, offset)));
    found = new Set(days);
    if (holidayCache.size > 200) holidayCache.clear();
    holidayCache.set(year, found);
  }
  return found;
}

/** Monday to Friday and not a national holiday. */
export function isBusinessDay(date: CalendarDate): boolean {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !brazilianHolidays(date.year).has(isoDate(date));
}

/**
 * The `days`-th business day after `date` (`date` itself is never counted: 1 is the next
 * business day). `days` is a whole number of at least 1.
 */
export function addBusinessDays(date: CalendarDate, days: number): CalendarDate {
  if (!Number.isInteger(days) || days < 1) throw new RangeError('days must be a whole number >= 1');
  let current = date;
  let left = days;
  while (left > 0) {
    current = addCalendarDays(current, 1);
    if (isBusinessDay(current)) left -= 1;
  }
  return current;
}

/** The calendar date of `instant` in `timeZone`. */
export function localDateOf(instant: Date, timeZone: string): CalendarDate {
  const { year, month, day } = localParts(instant, timeZone);
  return { year, month, day };
}

/**
 * A deadline counted in business days from `from`: the `days`-th business day after the local
 * date of `from` in `timeZone`, and the instant that day ends there (the next midnight).
 */
export function businessDaysDeadline(
  from: Date,
  days: number,
  timeZone: string,
): { date: string; endsAt: Date } {
  const due = addBusinessDays(localDateOf(from, timeZone), days);
  const next = addCalendarDays(due, 1);
  return { date: isoDate(due), endsAt: zonedTimeToUtc({ ...next, hour: 0, minute: 0 }, timeZone) };
}
