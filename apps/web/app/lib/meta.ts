import type { MetaDescriptor } from 'react-router';
import { alternatesOf, pageUrl } from '@permuta/contracts/hreflang';
import type enUS from '../locales/en-US.json';
import { i18nFor } from '../i18n/i18n.ts';
import { BRAND, SITE_URL } from './build-info.ts';
import { OG_LOCALE, localeFromPath, stripLocale, type Locale } from './locale.ts';

export type PageId = keyof (typeof enUS)['pages'];

export const SOCIAL_IMAGE = { path: '/og-image.png', width: '1200', height: '630' } as const;

/** `Page - Brand` (the brand alone for the home page and by default). */
export function pageTitle(locale: Locale, pageId?: PageId): string {
  if (!pageId || pageId === 'home') return BRAND;
  return `${i18nFor(locale).t(`pages.${pageId}.title`)} - ${BRAND}`;
}

/** The page's own description (`pages.<id>.description`), else the site's (`meta.description`). */
export function pageDescription(locale: Locale, pageId?: PageId): string {
  const i18n = i18nFor(locale);
  const key = `pages.${pageId ?? 'home'}.description`;
  return i18n.exists(key) ? String(i18n.t(key as 'meta.description')) : i18n.t('meta.description');
}

/**
 * The unprefixed path of a page for its canonical URL and hreflang alternates (`/en-US/contact/`
 * -> `/contact`); none for the 404 page, whose address is nobody's page.
 */
export function canonicalPathOf(pathname: string, pageId?: PageId): string | null {
  if (!pageId || pageId === 'notFound') return null;
  const path = stripLocale(pathname);
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * Every tag of a page's <head> but the favicon: title, description, canonical URL and hreflang
 * alternates (absolute, from the public URL the app was built with), Open Graph and Twitter card
 * with the social image.
 */
export function metaFor(locale: Locale, pageId?: PageId, pathname?: string): MetaDescriptor[] {
  const i18n = i18nFor(locale);
  const t = i18n.t.bind(i18n);
  const title = pageTitle(locale, pageId);
  const socialTitle = title === BRAND ? t('meta.title') : title;
  const description = pageDescription(locale, pageId);
  const other: Locale = locale === 'pt-BR' ? 'en-US' : 'pt-BR';
  const image = `${SITE_URL}${SOCIAL_IMAGE.path}`;
  const path = pathname === undefined ? null : canonicalPathOf(pathname, pageId);
  const url = path === null ? null : pageUrl(SITE_URL, path, locale);
  const alt = t('common.logoAlt');
  const openGraph: Record<string, string> = {
    ...(url === null ? {} : { url }),
    type: 'website',
    site_name: BRAND,
    title: socialTitle,
    description,
    image,
    'image:width': SOCIAL_IMAGE.width,
    'image:height': SOCIAL_IMAGE.height,
    'image:alt': alt,
    locale: OG_LOCALE[locale],
    'locale:alternate': OG_LOCALE[other],
  };
  const twitter: Record<string, string> = {
    card: 'summary_large_image',
    title: socialTitle,
    description,
    image,
    'image:alt': alt,
  };
  return [
    { title },
    { name: 'title', content: t('meta.title') },
    { name: 'description', content: description },
    ...(path === null || url === null
      ? []
      : [
          { tagName: 'link', rel: 'canonical', href: url },
          ...alternatesOf(SITE_URL, path).map(({ hreflang, href }) => ({
            tagName: 'link',
            rel: 'alternate',
            hrefLang: hreflang,
            href,
          })),
        ]),
    ...Object.entries(openGraph).map(([key, content]) => ({ property: `og:${key}`, content })),
    ...Object.entries(twitter).map(([key, content]) => ({ name: `twitter:${key}`, content })),
  ];
}

/** A route's `meta` export: the page's head in the language of its URL. */
export function pageMeta(pageId?: PageId) {
  return ({ location }: { location: { pathname: string } }): MetaDescriptor[] =>
    metaFor(localeFromPath(location.pathname), pageId, location.pathname);
}
