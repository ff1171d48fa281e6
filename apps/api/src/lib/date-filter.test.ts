import { readFileSync, readdirSync, statSync } from 'node:fs';
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

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('one reading of date filters', () => {
  it('no module but date-filter.ts turns a filter day into an instant by hand', () => {
    const modules = join(import.meta.dirname, '..');
    const offenders = sources(modules).filter(
      (path) =>
        !path.endsWith(join('lib', 'date-filter.ts')) &&
        /BUSINESS_TIME_ZONE\s*=|function (boundary|dayStart)\b/.test(readFileSync(path, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
