import type { TFunction } from 'i18next';
import type { Locale } from '../lib/locale.ts';

/**
 * What the app uses of i18next, in about 0.6 KB instead of its 15 KB gzipped on the home page's
 * first load (decision 021): nested keys, `{{variable}}` interpolation without escaping, plurals
 * (`key_one`, `key_other`, `key_zero` for a count of 0) by the language's `Intl.PluralRules`.
 * Each rule follows i18next 27 with our options (`translator.test.ts` compares both on every
 * key of both catalogues): a missing key returns the key, a missing variable stays as written
 * (`{{name}}`), an option given as undefined or null interpolates as empty text (`brand`
 * given as undefined falls back to the default). The catalogues
 * use nothing else (no nesting with `$t(`, no formats, no context, no arrays); the keys stay
 * typed by i18next's `TFunction` (`i18next.d.ts`).
 */
export type Catalogue = { [key: string]: string | Catalogue };

export interface Translator {
  readonly language: Locale;
  t: TFunction;
  exists(key: string): boolean;
}

type Options = Record<string, unknown> & { count?: unknown };

const VARIABLE = /\{\{(.+?)\}\}/g;

function lookup(catalogue: Catalogue | undefined, key: string): string | Catalogue | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, part))
      return undefined;
    node = node[part];
  }
  return node;
}

/** A translator for one language over a shared store of catalogues (filled by `merge`). */
export function createTranslator(
  language: Locale,
  store: Partial<Record<Locale, Catalogue>>,
  defaults: Record<string, unknown>,
): Translator {
  const plural = new Intl.PluralRules(language);
  const t = (key: string, options?: Options): string => {
    const count = options?.count;
    const counted = count !== undefined && typeof count !== 'string';
    // the same order as i18next: zero first (for 0), then the language's form, the key, other
    const keys = counted
      ? [
          ...(count === 0 ? [`${key}_zero`] : []),
          `${key}_${plural.select(count as number)}`,
          key,
          `${key}_other`,
        ]
      : [key];
    let found: string | Catalogue | undefined;
    for (const candidate of keys) {
      found = lookup(store[language], candidate);
      if (found !== undefined) break;
    }
    // a missing key, or one that names a group of texts, reads as the key itself
    if (typeof found !== 'string') found = key;
    if (!found.includes('{{')) return found;
    const data: Record<string, unknown> = { ...defaults, ...options };
    return found.replace(VARIABLE, (written, name: string) => {
      const variable = name.trim();
      const value = data[variable] ?? (data[variable] === null ? null : defaults[variable]);
      if (value === undefined) return options && Object.hasOwn(options, variable) ? '' : written;
      return value === null ? '' : String(value);
    });
  };
  return {
    language,
    t: t as unknown as TFunction,
    exists: (key) => lookup(store[language], key) !== undefined,
  };
}

/** Deep merge of `from` into `into`, `from` winning (i18next's addResourceBundle(deep, overwrite)). */
export function merge(into: Catalogue, from: Catalogue): Catalogue {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    into[key] =
      typeof value === 'object' && typeof current === 'object'
        ? merge(current, value)
        : typeof value === 'object'
          ? merge({}, value)
          : value;
  }
  return into;
}
