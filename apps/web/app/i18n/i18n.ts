import { createInstance, type i18n } from 'i18next';
import enUSUrl from '../locales/en-US.json?url';
import ptBRUrl from '../locales/pt-BR.json?url';
import { BRAND } from '../lib/build-info.ts';
import type { Locale } from '../lib/locale.ts';

/**
 * Catalogues are plain JSON files, not code: the browser fetches the one of the page's language
 * (preloaded from <head>, see root.tsx) before hydrating, and the other only when the visitor
 * switches language. The prerender (SSR build) has both from the start.
 */
export const CATALOGUE_URL: Record<Locale, string> = { 'en-US': enUSUrl, 'pt-BR': ptBRUrl };

export type Catalogue = Record<string, unknown>;

const base = createInstance({
  resources: {},
  partialBundledLanguages: true,
  lng: 'pt-BR',
  supportedLngs: ['pt-BR', 'en-US'],
  fallbackLng: false,
  initAsync: false,
  returnNull: false,
  interpolation: { escapeValue: false, defaultVariables: { brand: BRAND } },
});
void base.init();

/** One instance per locale, cloned from one base (they share its store): language from the URL. */
const instances: Record<Locale, i18n> = {
  'pt-BR': base.cloneInstance({ lng: 'pt-BR' }),
  'en-US': base.cloneInstance({ lng: 'en-US' }),
};

export function i18nFor(locale: Locale): i18n {
  return instances[locale];
}

export function hasCatalogue(locale: Locale): boolean {
  return base.hasResourceBundle(locale, 'translation');
}

export function addCatalogue(locale: Locale, catalogue: Catalogue): void {
  base.addResourceBundle(locale, 'translation', catalogue, true, true);
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
