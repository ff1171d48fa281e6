import type { Locale } from '../../lib/locale.ts';

/** The CPF masked as everywhere (`***.456.789-**`): one rule, in the contracts. */
export { maskCpf } from '@permuta/contracts/br-format';

/** `+5511988887777` -> `(11) 98888-7777`; anything else unchanged. */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');
  if (digits.length === 11)
    return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  if (digits.length === 10)
    return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return value;
}

/** A `YYYY-MM-DD` date in the page's language (no time-zone shift). */
export function formatBirthDate(value: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
