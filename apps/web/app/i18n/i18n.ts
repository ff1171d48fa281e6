import enUSUrl from '../locales/en-US.json?url';
import ptBRUrl from '../locales/pt-BR.json?url';
import { BRAND } from '../lib/build-info.ts';
import type { Locale } from '../lib/locale.ts';
import { createTranslator, merge, type Catalogue, type Translator } from './translator.ts';

/**
 * Catalogues are plain JSON files, not code: the browser fetches the one of the page's language
 * (preloaded from <head>, see root.tsx) before hydrating, and the other only when the visitor
 * switches language. The prerender (SSR build) has both from the start.
 */
export const CATALOGUE_URL: Record<Locale, string> = { 'en-US': enUSUrl, 'pt-BR': ptBRUrl };

export type { Catalogue, Translator };

/** The catalogues loaded so far, shared by both translators (no fallback to the other language). */
const store: Partial<Record<Locale, Catalogue>> = {};
const defaults = { brand: BRAND };

/** One translator per locale: the language comes from the URL. */
const instances: Record<Locale, Translator> = {
  'pt-BR': createTranslator('pt-BR', store, defaults),
  'en-US': createTranslator('en-US', store, defaults),
};

export function i18nFor(locale: Locale): Translator {
  return instances[locale];
}

export function hasCatalogue(locale: Locale): boolean {
  return store[locale] !== undefined;
}

export function addCatalogue(locale: Locale, catalogue: Catalogue): void {
  store[locale] = merge(store[locale] ?? {}, catalogue);
}

const loading = new Map<Locale, Promise<void>>();

/** Makes the locale's texts available (fetches its catalogue once). */
export function loadCatalogue(locale: Locale): Promise<void> {
  if (hasCatalogue(locale)) return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = fetch(CATALOGUE_URL[locale])
      .then((response) => {
        if (!response.ok) throw new Error(`catalogue ${locale}: HTTP ${response.status}`);
        return response.json() as Promise<Catalogue>;
      })
      .then((catalogue) => addCatalogue(locale, catalogue))
      .finally(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

if (import.meta.env.SSR) {
  const [enUS, ptBR] = await Promise.all([
    import('../locales/en-US.json'),
    import('../locales/pt-BR.json'),
  ]);
  addCatalogue('en-US', enUS.default);
  addCatalogue('pt-BR', ptBR.default);
}
