import type { MetaDescriptor } from 'react-router';
import type enUS from '../locales/en-US.json';
import { i18nFor } from '../i18n/i18n.ts';
import { BRAND, SITE_URL } from './build-info.ts';
import { OG_LOCALE, localeFromPath, type Locale } from './locale.ts';

export type PageId = keyof (typeof enUS)['pages'];

export const SOCIAL_IMAGE = { path: '/og-image.png', width: '1200', height: '630' } as const;

/** `Page - Brand` (the brand alone for the home page and by default). */
export function pageTitle(locale: Locale, pageId?: PageId): string {
  if (!pageId || pageId === 'home') return BRAND;
  return `${i18nFor(locale).t(`pages.${pageId}.title`)} - ${BRAND}`;
}

export function metaFor(locale: Locale, pageId?: PageId): MetaDescriptor[] {
  const i18n = i18nFor(locale);
  const t = i18n.t.bind(i18n);
  const title = pageTitle(locale, pageId);
  const description = t('meta.description');
  const other: Locale = locale === 'pt-BR' ? 'en-US' : 'pt-BR';
  return [
    { title },
    { name: 'title', content: t('meta.title') },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: BRAND },
    { property: 'og:title', content: title === BRAND ? t('meta.title') : title },
    { property: 'og:description', content: description },
    { property: 'og:image', content: `${SITE_URL}${SOCIAL_IMAGE.path}` },
    { property: 'og:image:width', content: SOCIAL_IMAGE.width },
    { property: 'og:image:height', content: SOCIAL_IMAGE.height },
    { property: 'og:image:alt', content: t('common.logoAlt') },
    { property: 'og:locale', content: OG_LOCALE[locale] },
    { property: 'og:locale:alternate', content: OG_LOCALE[other] },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
}

/** A route's `meta` export: the page's title in the language of its URL. */
export function pageMeta(pageId?: PageId) {
  return ({ location }: { location: { pathname: string } }): MetaDescriptor[] =>
    metaFor(localeFromPath(location.pathname), pageId);
}
