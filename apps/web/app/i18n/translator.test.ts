import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../lib/locale.ts';
import enUS from '../locales/en-US.json';
import ptBR from '../locales/pt-BR.json';
import { createTranslator, merge, type Catalogue } from './translator.ts';

// The translator replaces i18next on the client; i18next with the options the app had is the
// reference: every key of both catalogues must read the same through both.
const CATALOGUES: Record<Locale, Catalogue> = { 'en-US': enUS, 'pt-BR': ptBR };
const DEFAULTS = { brand: 'Permuta' };

const reference = createInstance({
  resources: {
    'en-US': { translation: enUS },
    'pt-BR': { translation: ptBR },
  },
  lng: 'pt-BR',
  supportedLngs: ['pt-BR', 'en-US'],
  fallbackLng: false,
  initAsync: false,
  returnNull: false,
  interpolation: { escapeValue: false, defaultVariables: DEFAULTS },
});
void reference.init();

const store: Partial<Record<Locale, Catalogue>> = {};
merge((store['en-US'] = {}), enUS);
merge((store['pt-BR'] = {}), ptBR);

function keysOf(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

/** The plain key of a plural form (`x_one` -> `x`), as the app calls it. */
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

const variablesOf = (text: string) =>
  [...text.matchAll(/\{\{(.+?)\}\}/g)].map(([, name = '']) => name.trim());

describe.each(['pt-BR', 'en-US'] as const)(
  'the translator in %s reads as i18next did',
  (locale) => {
    const ours = createTranslator(locale, store, DEFAULTS);
    const theirs = reference.cloneInstance({ lng: locale });
    const t = ours.t as unknown as (key: string, options?: Record<string, unknown>) => string;
    const ref = theirs.t.bind(theirs) as unknown as (
      key: string,
      options?: Record<string, unknown>,
    ) => string;
    const keys = [...new Set(keysOf(CATALOGUES[locale]).map(baseKey))];

    it('every key, with and without its variables, with counts 0, 1, 2 and 1.5', () => {
      expect(keys.length).toBeGreaterThan(500);
      // each key's texts (its plural forms too), grouped once: filtering every key for each key
      // grew with the square of the catalogue
      const textsOf = new Map<string, string[]>();
      for (const k of keysOf(CATALOGUES[locale])) {
        const texts = textsOf.get(baseKey(k)) ?? [];
        texts.push(String(theirs.t(k as 'meta.title')));
        textsOf.set(baseKey(k), texts);
      }
      for (const key of keys) {
        const texts = textsOf.get(key) ?? [];
        const names = [...new Set(texts.flatMap(variablesOf))];
        const all = Object.fromEntries(names.map((name, i) => [name, `v${i}<&>`]));
        const variants: (Record<string, unknown> | undefined)[] = [
          undefined,
          {},
          all,
          { ...all, brand: undefined },
          Object.fromEntries(names.map((name) => [name, undefined])),
          Object.fromEntries(names.map((name) => [name, null])),
          Object.fromEntries(names.map((name, i) => [name, i * 1000.5])),
          ...[0, 1, 2, 1.5, -1].map((count) => ({ ...all, count })),
          { ...all, count: '1' },
        ];
        for (const options of variants) {
          expect(t(key, options), `${key} ${JSON.stringify(options)}`).toBe(ref(key, options));
        }
      }
      // every key of the catalogue through both translators, a dozen variants each
    }, 60_000);

    it('a missing key, a missing plural key, an object and exists()', () => {
      for (const key of ['nothing.here', 'meta', 'meta.title.deeper', 'common', '']) {
        expect(t(key)).toBe(ref(key));
        expect(t(key, { count: 2 })).toBe(ref(key, { count: 2 }));
        expect(ours.exists(key)).toBe(theirs.exists(key));
      }
      for (const key of keys.slice(0, 50)) expect(ours.exists(key)).toBe(theirs.exists(key));
    });
  },
);

describe('plural lookups', () => {
  const catalogue: Catalogue = {
    a: { n_zero: 'none', n_one: 'one {{count}}', n_other: '{{count}} items' },
    b: { n: 'plain {{count}}', n_other: 'others {{count}}' },
    c: { n_other: 'only other {{count}}' },
  };
  const fixture = createInstance({
    resources: { 'pt-BR': { translation: catalogue }, 'en-US': { translation: catalogue } },
    lng: 'en-US',
    fallbackLng: false,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  void fixture.init();

  it.each(['pt-BR', 'en-US'] as const)('match i18next in %s', (locale) => {
    const mine = createTranslator(locale, { [locale]: catalogue }, {});
    const t = mine.t as unknown as (key: string, options?: Record<string, unknown>) => string;
    const other = fixture.cloneInstance({ lng: locale });
    for (const key of ['a.n', 'b.n', 'c.n']) {
      for (const count of [0, 1, 2, 0.5]) {
        expect(t(key, { count }), `${key} ${count}`).toBe(
          (other.t as unknown as typeof t)(key, { count }),
        );
      }
    }
  });
});

describe('merge', () => {
  it('adds deeply, the new text winning, without sharing the source objects', () => {
    const from: Catalogue = { a: { b: 'new' } };
    const into = merge({ a: { b: 'old', c: 'kept' }, d: 'kept' }, from);
    expect(into).toEqual({ a: { b: 'new', c: 'kept' }, d: 'kept' });
    (into.a as Catalogue).b = 'changed';
    expect(from).toEqual({ a: { b: 'new' } });
  });
});
