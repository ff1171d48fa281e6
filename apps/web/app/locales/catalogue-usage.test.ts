import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';

/**
 * The catalogues are the one source of interface texts: every key the code asks for exists, and
 * every key exists because some code asks for it. "Asks for" is read from the source: a key
 * written whole in quotes, or the prefix of a template (`adminOrders.status.${status}` uses every
 * key under `adminOrders.status.`). Plural forms (`_one`, `_other`) count as their base key.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const sources = globSync(['apps/web/app/**/*.{ts,tsx}', 'packages/contracts/src/**/*.ts'], {
  cwd: root,
})
  .filter((file) => !/\.d\.ts$|\.test\.tsx?$|\/test-[\w-]+\.tsx?$|\/testing\.ts$/.test(file))
  .map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));

function keysOf(value: unknown, prefix = ''): string[] {
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => {
    const full = prefix ? `${prefix}.${key}` : key;
    return typeof child === 'string' ? [full] : keysOf(child, full);
  });
}

const KEY = String.raw`[a-zA-Z][a-zA-Z0-9_]*(?:\.[a-zA-Z0-9_]+)+`;
const whole = new Set(
  sources.flatMap(({ text }) =>
    [...text.matchAll(new RegExp(String.raw`['"\`](${KEY})['"\`]`, 'g'))].map((m) => m[1]!),
  ),
);
const prefixes = [
  ...new Set(
    sources.flatMap(({ text }) =>
      [...text.matchAll(new RegExp(String.raw`\`(${KEY}\.|[a-zA-Z][a-zA-Z0-9_]*\.)\$\{`, 'g'))].map(
        (m) => m[1]!,
      ),
    ),
  ),
];
const keys = keysOf(enUS);
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('the catalogues and the code', () => {
  it('holds no key that no code asks for', () => {
    const unused = keys.filter(
      (key) =>
        !whole.has(key) &&
        !whole.has(base(key)) &&
        !prefixes.some((prefix) => key.startsWith(prefix)),
    );
    expect(unused).toEqual([]);
  });

  it('has every key the code asks t() for by its whole name', () => {
    const known = new Set(keys.flatMap((key) => [key, base(key)]));
    const asked = sources.flatMap(({ file, text }) =>
      [...text.matchAll(new RegExp(String.raw`\bt\(\s*['"](${KEY})['"]`, 'g'))].map(
        (m) => `${file}: ${m[1]!}`,
      ),
    );
    expect(asked.filter((entry) => !known.has(entry.split(': ')[1]!))).toEqual([]);
  });
});
