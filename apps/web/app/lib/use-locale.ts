import { useLocation } from 'react-router';
import { localeFromPath, type Locale } from './locale.ts';

/** The locale of the current page (from its URL only). */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}
