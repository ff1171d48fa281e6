import type { Locale } from '../../lib/locale.ts';

/** A review's day in the page's language and the browser's time zone (`10 de jan. de 2026`). */
export function formatReviewDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

/** An average rating with one decimal in the page's language (`4.3`, `4,3`). */
export function formatAverage(average: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(average);
}

/** The share of `count` in `total` as a whole percentage (`60%`, `60 %`); 0% of nothing. */
export function formatShare(count: number, total: number, locale: Locale): string {
  const share = total === 0 ? 0 : count / total;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
    share,
  );
}
