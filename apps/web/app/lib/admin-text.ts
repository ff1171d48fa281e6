import type { Locale } from './locale.ts';

/**
 * Texts admins type into the catalogue (a network's tip and notice) are written once, in
 * Portuguese, the product's default language: they are shown on Portuguese pages only. English
 * pages rely on the translated texts of the catalogue, which say the same in general terms
 * (docs/decisions: admin-entered texts).
 */
export const ADMIN_TEXT_LOCALE: Locale = 'pt-BR';

/** The admin's text when the page is in the language it is written in, else null. */
export function adminText(text: string | null | undefined, locale: Locale): string | null {
  return text && locale === ADMIN_TEXT_LOCALE ? text : null;
}
