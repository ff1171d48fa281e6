import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import ptBR from './pt-BR.json';

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out.set(path, child);
    else for (const [k, v] of flatten(child, path)) out.set(k, v);
  }
  return out;
}

/** Values that are the same in both languages on purpose. */
const SAME_IN_BOTH = new Set(['calculator.rateValue']);

const en = flatten(enUS);
const pt = flatten(ptBR);
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translation catalogues', () => {
  it('have exactly the same keys', () => {
    expect([...pt.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('translate every text (apart from the allowed ones)', () => {
    const same = [...en].filter(([key, text]) => pt.get(key) === text && !SAME_IN_BOTH.has(key));
    expect(same).toEqual([]);
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, text] of en)
      expect(placeholders(pt.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it('have no empty text', () => {
    for (const [key, text] of [...en, ...pt]) expect(text.trim(), key).not.toBe('');
  });
});
