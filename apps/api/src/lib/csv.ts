/**
 * CSV for spreadsheets (RFC 4180, CRLF line ends). A cell a spreadsheet would read as a formula
 * (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading apostrophe, so a
 * customer's name like `=HYPERLINK(...)` stays text (CSV injection).
 *
 * Two dialects: `standard` (comma, decimal point, ISO instants: for programs) and `excel-pt-BR`
 * (what Excel in Portuguese opens as columns: a UTF-8 byte order mark so "João" reads right,
 * semicolons, decimal commas and dates in Brasília time).
 */
export interface CsvDialect {
  separator: ',' | ';';
  /** starts the file with a UTF-8 byte order mark */
  bom: boolean;
  decimal: '.' | ',';
  /** `iso`: 2026-11-20T13:00:00.000Z; `br`: 20/11/2026 10:00:00 in America/Sao_Paulo */
  dates: 'iso' | 'br';
}

export const CSV_DIALECTS = {
  standard: { separator: ',', bom: false, decimal: '.', dates: 'iso' },
  'excel-pt-BR': { separator: ';', bom: true, decimal: ',', dates: 'br' },
} as const satisfies Record<string, CsvDialect>;
export type CsvDialectName = keyof typeof CSV_DIALECTS;

export function csvCell(value: string, separator: CsvDialect['separator'] = ','): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  const needsQuotes = safe.includes(separator) || /["\r\n]/.test(safe);
  return needsQuotes ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvRow(
  cells: readonly string[],
  dialect: CsvDialect = CSV_DIALECTS.standard,
): string {
  return `${cells.map((cell) => csvCell(cell, dialect.separator)).join(dialect.separator)}\r\n`;
}

/** A decimal string ("521.1") in the dialect ("521,1"); no thousands separator, so it stays a number. */
export function csvDecimal(value: string, dialect: CsvDialect): string {
  return dialect.decimal === ',' ? value.replace('.', ',') : value;
}

const BR_DATE_TIME = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export function csvInstant(value: Date, dialect: CsvDialect): string {
  return dialect.dates === 'br' ? BR_DATE_TIME.format(value).replace(',', '') : value.toISOString();
}
