/** When orders are processed. `days` are ISO weekdays (1 = Monday ... 7 = Sunday). */
export interface OperatingHours {
  timeZone: string;
  days: number[];
  /** "HH:MM", 24 h, local to `timeZone`. */
  open: string;
  close: string;
}

/**
 * Operating hours (PRODUCT.md section 1: Monday to Friday, 10:00 to 18:00, America/Sao_Paulo by
 * default, from settings). Orders are accepted at any time; outside the hours the order page
 * says when the order will be processed. Time zones through Intl only (no tz database of ours).
 */

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The wall-clock date and time of `instant` in `timeZone`. */
export function localParts(instant: Date, timeZone: string): LocalParts & { second: number } {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

function offsetMs(instant: number, timeZone: string): number {
  const p = localParts(new Date(instant), timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant at which the wall clock of `timeZone` shows this date and time. */
export function zonedTimeToUtc(local: LocalParts, timeZone: string): Date {
  const guess = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  let instant = guess - offsetMs(guess, timeZone);
  // Across an offset change the first guess used the other side's offset: once more settles it.
  instant = guess - offsetMs(instant, timeZone);
  return new Date(instant);
}

/**
 * The calendar day of `timeZone` that `now` falls in, as the instants [from, to): from its local
 * midnight up to the next day's (a day of 23 or 25 hours where the offset changes).
 */
export function calendarDay(now: Date, timeZone: string): { from: Date; to: Date } {
  const { year, month, day } = localParts(now, timeZone);
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return {
    from: zonedTimeToUtc({ year, month, day, hour: 0, minute: 0 }, timeZone),
    to: zonedTimeToUtc(
      {
        year: next.getUTCFullYear(),
        month: next.getUTCMonth() + 1,
        day: next.getUTCDate(),
        hour: 0,
        minute: 0,
      },
      timeZone,
    ),
  };
}

function minutesOf(hhmm: string): number {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/** ISO weekday (1 = Monday ... 7 = Sunday) of a calendar date. */
function isoWeekday(year: number, month: number, day: number): number {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** Whether `now` falls inside the operating hours. */
export function isWithinOperatingHours(hours: OperatingHours, now: Date): boolean {
  const local = localParts(now, hours.timeZone);
  const minute = local.hour * 60 + local.minute;
  return (
    hours.days.includes(isoWeekday(local.year, local.month, local.day)) &&
    minute >= minutesOf(hours.open) &&
    minute < minutesOf(hours.close)
  );
}

/** The last answers of processingFrom: an order page asks it on every read. */
const recentOpenings = new Map<string, Date | null>();
const RECENT_OPENINGS = 64;

/**
 * When orders placed at `now` start being processed: null inside the operating hours (or when
 * no day is configured), else the next opening. The answer is the same for every instant of one
 * minute (hours are whole minutes, and so are time zone changes), so it is kept per minute.
 */
export function processingFrom(hours: OperatingHours, now: Date): Date | null {
  const key = `${hours.timeZone} ${hours.days.join(',')} ${hours.open} ${hours.close} ${Math.floor(now.getTime() / 60_000)}`;
  let answer = recentOpenings.get(key);
  if (answer === undefined) {
    answer = computeProcessingFrom(hours, now);
    if (recentOpenings.size >= RECENT_OPENINGS) recentOpenings.clear();
    recentOpenings.set(key, answer);
  }
  return answer && new Date(answer);
}

function computeProcessingFrom(hours: OperatingHours, now: Date): Date | null {
  if (hours.days.length === 0 || isWithinOperatingHours(hours, now)) return null;
  const local = localParts(now, hours.timeZone);
  const open = minutesOf(hours.open);
  for (let offset = 0; offset <= 7; offset++) {
    const date = new Date(Date.UTC(local.year, local.month - 1, local.day + offset));
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth() + 1;
    const day = date.getUTCDate();
    if (!hours.days.includes(isoWeekday(year, month, day))) continue;
    const opening = zonedTimeToUtc(
      { year, month, day, hour: Math.floor(open / 60), minute: open % 60 },
      hours.timeZone,
    );
    if (opening.getTime() > now.getTime()) return opening;
  }
  return null;
}

/** Whether the desk is open at `now`, and when it is closed, when it opens, on the desk's clock. */
export type DeskStatus =
  | { open: true }
  | {
      open: false;
      /** the next opening; null when no weekday is configured */
      opensAt: Date | null;
      /** the opening's day seen from `now`, in the desk's time zone */
      day: 'today' | 'tomorrow' | 'later';
      /** ISO weekday of the opening (1 = Monday ... 7 = Sunday) */
      weekday: number;
      /** the opening's wall-clock time in the desk's time zone */
      hour: number;
      minute: number;
    };

/**
 * Open or closed at `now`, in the operating hours' time zone (São Paulo by default), and when it
 * is closed, the next opening as the calculator and the desk's badge say it: "today at 10h",
 * "tomorrow at 10h", "on Monday at 10h". The same rules as processingFrom (no second copy).
 */
export function deskStatus(hours: OperatingHours, now: Date): DeskStatus {
  if (isWithinOperatingHours(hours, now)) return { open: true };
  const opensAt = processingFrom(hours, now);
  if (!opensAt) return { open: false, opensAt: null, day: 'later', weekday: 0, hour: 0, minute: 0 };
  const today = localParts(now, hours.timeZone);
  const opening = localParts(opensAt, hours.timeZone);
  const days = Math.round(
    (Date.UTC(opening.year, opening.month - 1, opening.day) -
      Date.UTC(today.year, today.month - 1, today.day)) /
      86_400_000,
  );
  return {
    open: false,
    opensAt,
    day: days === 0 ? 'today' : days === 1 ? 'tomorrow' : 'later',
    weekday: isoWeekday(opening.year, opening.month, opening.day),
    hour: opening.hour,
    minute: opening.minute,
  };
}
