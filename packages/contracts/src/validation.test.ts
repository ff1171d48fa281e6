import { describe, expect, it } from 'vitest';
import { dateFilterSchema, isStorableText } from './validation.ts';

describe('isStorableText', () => {
  it('refuses a NUL character and lone surrogates, keeps every real character', () => {
    expect(isStorableText('Olá, São Paulo 😀 — 100,50')).toBe(true);
    expect(isStorableText('')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\ud800')).toBe(false);
    expect(isStorableText('x\udfff')).toBe(false);
    expect(isStorableText('😀'.slice(0, 1))).toBe(false);
  });
});

describe('dateFilterSchema', () => {
  it('takes real days and instants of the years 2000 to 2999', () => {
    for (const value of ['2026-03-31', '2000-01-01', '2999-12-31', '2026-03-31T12:00:00Z']) {
      expect(dateFilterSchema.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuses days the day after which leaves 4-digit years, and days that do not exist', () => {
    for (const value of ['9999-12-31', '0000-01-01', '1999-12-31', '2026-02-30', '2026-13-01']) {
      const parsed = dateFilterSchema.safeParse(value);
      expect(parsed.success, value).toBe(false);
    }
    expect(dateFilterSchema.safeParse('9999-12-31').error?.issues[0]?.message).toBe('date.range');
  });
});
