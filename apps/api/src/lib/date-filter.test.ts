import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundary } from './date-filter.ts';

describe('boundary', () => {
  it('takes a day as a whole day in Brazil (UTC-3)', () => {
    expect(boundary('2026-03-31', false)?.toISOString()).toBe('2026-03-31T03:00:00.000Z');
    expect(boundary('2026-03-31', true)?.toISOString()).toBe('2026-04-01T03:00:00.000Z');
    expect(boundary('2026-12-31', true)?.toISOString()).toBe('2027-01-01T03:00:00.000Z');
  });

  it('takes an instant as it is, and nothing as no bound', () => {
    expect(boundary('2026-03-31T12:00:00Z', true)?.toISOString()).toBe('2026-03-31T12:00:00.000Z');
    expect(boundary(undefined, false)).toBeUndefined();
    expect(boundary('', true)).toBeUndefined();
  });
});

describe('one reading of date filters', () => {
  it('no module but date-filter.ts turns a filter day into an instant by hand', () => {
    const src = join(import.meta.dirname, '..');
    const offenders = globSync('**/*.ts', { cwd: src })
      .filter((path) => !(path.endsWith('.test.ts') || path === join('lib', 'date-filter.ts')))
      .filter((path) =>
        /BUSINESS_TIME_ZONE\s*=|function (boundary|dayStart)\b/.test(
          readFileSync(join(src, path), 'utf8'),
        ),
      );
    expect(offenders).toEqual([]);
  });
});
