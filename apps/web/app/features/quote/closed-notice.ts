import type { TFunction } from 'i18next';
import { deskStatus, type OperatingHours } from '@permuta/contracts/operating-hours';
import type { Locale } from '../../lib/locale.ts';

/** "10h", "9h30" (pt-BR); "10 am", "9:30 am" (en-US): a desk's opening as people say it. */
export function openingTime(hour: number, minute: number, locale: Locale): string {
  const mm = String(minute).padStart(2, '0');
  if (locale === 'pt-BR') return minute === 0 ? `${hour}h` : `${hour}h${mm}`;
  const suffix = hour < 12 ? 'am' : 'pm';
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return minute === 0 ? `${h12} ${suffix}` : `${h12}:${mm} ${suffix}`;
}

/** The name of an ISO weekday (1 = Monday) in the page's language: "segunda-feira", "Monday". */
function weekdayName(weekday: number, locale: Locale): string {
  // 1 January 2024 was a Monday
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, weekday)),
  );
}

/**
 * What the calculator says outside the operating hours ("Fechado agora — processamos a partir
 * das 10h."), or null while the desk is open. Open or closed comes from the contracts' rule.
 */
export function closedNotice(
  hours: OperatingHours,
  now: Date,
  locale: Locale,
  t: TFunction,
): string | null {
  const status = deskStatus(hours, now);
  if (status.open) return null;
  if (!status.opensAt) return t('calculator.closedNoHours');
  const time = openingTime(status.hour, status.minute, locale);
  if (status.day === 'today') return t('calculator.closedToday', { time });
  if (status.day === 'tomorrow') return t('calculator.closedTomorrow', { time });
  return t('calculator.closedOn', { day: weekdayName(status.weekday, locale), time });
}
