import type { TFunction } from 'i18next';
import { formatDecimal } from '@permuta/contracts/money';
import type { OperatingHours } from '@permuta/contracts/operating-hours';
import { SETTINGS_DEFAULTS } from '@permuta/contracts/settings';
import type { PublicSettings } from '@permuta/contracts/settings';
import type { Locale } from '../../lib/locale.ts';
import type { LegalFacts } from './content/types.ts';

/**
 * What the public pages say before the settings arrive (in the prerendered HTML): the product's
 * defaults for the hours and the WhatsApp threshold. Limits and the boleto fee have no default
 * on screen; the texts then describe them without numbers.
 */
export const DEFAULT_HOURS: OperatingHours = SETTINGS_DEFAULTS.operatingHours;
export const DEFAULT_WHATSAPP_THRESHOLD_BRL: string = SETTINGS_DEFAULTS.whatsappThresholdBrl;

/** `R$ 1.234,50` / `R$1,234.50`; `US$ 10,00` / `US$10.00`. */
export function formatMoney(amount: string, currency: 'BRL' | 'USD', locale: Locale): string {
  const symbol = currency === 'BRL' ? 'R$' : 'US$';
  const number = formatDecimal(amount, locale, 2);
  return locale === 'pt-BR' ? `${symbol} ${number}` : `${symbol}${number}`;
}

/** A Monday (UTC) from which the ISO weekdays are counted. */
const MONDAY = Date.UTC(2024, 0, 1);

export function weekdayName(isoDay: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(MONDAY + (isoDay - 1) * 86_400_000),
  );
}

/** How each language writes a time of day: `09:30` in Portuguese, `9:30 AM` in English. */
function clock(locale: Locale, timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, {
    hour: locale === 'pt-BR' ? '2-digit' : 'numeric',
    minute: '2-digit',
    timeZone,
  });
}

/** `10:00` / `10:00 AM` from "HH:MM". */
export function formatClock(hhmm: string, locale: Locale): string {
  const [hours = '0', minutes = '0'] = hhmm.split(':');
  return clock(locale, 'UTC').format(
    new Date(Date.UTC(2024, 0, 1, Number(hours), Number(minutes))),
  );
}

/** "Monday to Friday", "every day", "Monday, Wednesday, and Friday" (in the page's language). */
export function formatDays(days: readonly number[], locale: Locale, t: TFunction): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 7) return t('schedule.everyDay');
  const consecutive = sorted.every((day, i) => i === 0 || day === sorted[i - 1]! + 1);
  if (consecutive && sorted.length >= 3) {
    return t('schedule.range', {
      from: weekdayName(sorted[0]!, locale),
      to: weekdayName(sorted[sorted.length - 1]!, locale),
    });
  }
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    sorted.map((day) => weekdayName(day, locale)),
  );
}

export function zoneName(timeZone: string, t: TFunction): string {
  return timeZone === 'America/Sao_Paulo' ? t('schedule.saoPaulo') : timeZone.replaceAll('_', ' ');
}

/** "Monday to Friday, 10:00 AM to 6:00 PM (São Paulo time)". */
export function formatSchedule(hours: OperatingHours, locale: Locale, t: TFunction): string {
  return t('schedule.hours', {
    days: formatDays(hours.days, locale, t),
    open: formatClock(hours.open, locale),
    close: formatClock(hours.close, locale),
    zone: zoneName(hours.timeZone, t),
  });
}

export function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
function localDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(instant);
}

/**
 * When the desk opens next, relative to `now`, as the badge says it: "We open today at 10:00
 * AM", "tomorrow at ...", "on Monday at ..." (day and time in the desk's time zone).
 */
export function nextOpeningText(
  nextOpeningAt: string,
  timeZone: string,
  now: Date,
  locale: Locale,
  t: TFunction,
): string {
  const opening = new Date(nextOpeningAt);
  const time = clock(locale, timeZone).format(opening);
  const day = localDate(opening, timeZone);
  if (day === localDate(now, timeZone)) return t('home.hours.opensToday', { time });
  if (day === localDate(new Date(now.getTime() + 86_400_000), timeZone))
    return t('home.hours.opensTomorrow', { time });
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone }).format(opening);
  return t('home.hours.opensOn', { day: weekday, time });
}

/** The numbers and contacts the long texts quote, from the settings when they are known. */
export function legalFacts(
  settings: PublicSettings | undefined,
  locale: Locale,
  t: TFunction,
  brand: string,
): LegalFacts {
  const boletoFee =
    settings && /[1-9]/.test(settings.boletoFee)
      ? formatMoney(settings.boletoFee, 'BRL', locale)
      : null;
  return {
    brand,
    supportEmail: settings?.supportEmail ?? null,
    schedule: formatSchedule(settings?.operatingHours ?? DEFAULT_HOURS, locale, t),
    pixLimits: settings
      ? {
          min: formatMoney(settings.pixMinReceive, 'BRL', locale),
          max: formatMoney(settings.pixMaxReceive, 'BRL', locale),
        }
      : null,
    derivLimits: settings
      ? {
          min: formatMoney(settings.derivMinReceive, 'USD', locale),
          max: formatMoney(settings.derivMaxReceive, 'USD', locale),
        }
      : null,
    boletoFee,
    whatsappThreshold: formatMoney(
      settings?.whatsappThresholdBrl ?? DEFAULT_WHATSAPP_THRESHOLD_BRL,
      'BRL',
      locale,
    ),
  };
}
