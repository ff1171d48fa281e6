import type { MetaDescriptor } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import enUS from '../locales/en-US.json';
import ptBR from '../locales/pt-BR.json';

// the public origin the build writes in (vite `define`), before meta.ts reads it
vi.stubGlobal('__SITE_URL__', 'https://troca.example');
const { addCatalogue } = await import('../i18n/i18n.ts');
const { metaFor } = await import('./meta.ts');

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

const attr = (tags: MetaDescriptor[], key: string, value: string, read = 'content') =>
  tags
    .filter((tag) => (tag as Record<string, unknown>)[key] === value)
    .map((tag) => (tag as Record<string, unknown>)[read]);
const links = (tags: MetaDescriptor[], rel: string) =>
  tags.filter(
    (tag) =>
      (tag as Record<string, unknown>).tagName === 'link' &&
      (tag as Record<string, unknown>).rel === rel,
  ) as unknown as { href: string; hrefLang?: string }[];

describe('the head of a public page', () => {
  it('names the page and the brand, with its own description', () => {
    const tags = metaFor('en-US', 'contact', '/en-US/contact');
    expect(tags).toContainEqual({ title: 'Contact us - Permuta' });
    expect(attr(tags, 'name', 'description')).toEqual([
      enUS.pages.contact.description.replace('{{brand}}', 'Permuta'),
    ]);
    expect(attr(tags, 'property', 'og:title')).toEqual(['Contact us - Permuta']);
    expect(attr(tags, 'property', 'og:description')).toEqual(attr(tags, 'name', 'description'));
    expect(attr(tags, 'name', 'twitter:title')).toEqual(['Contact us - Permuta']);
    expect(attr(tags, 'name', 'twitter:description')).toEqual(attr(tags, 'name', 'description'));
  });

  it('the home page is the brand alone, with the site title for social previews', () => {
    const tags = metaFor('pt-BR', 'home', '/');
    expect(tags).toContainEqual({ title: 'Permuta' });
    expect(attr(tags, 'property', 'og:title')).toEqual([
      ptBR.meta.title.replace('{{brand}}', 'Permuta'),
    ]);
  });

  it('has an absolute canonical URL and hreflang alternates in both languages', () => {
    const en = metaFor('en-US', 'termsOfService', '/en-US/terms-of-service/');
    expect(links(en, 'canonical')).toEqual([
      { tagName: 'link', rel: 'canonical', href: 'https://troca.example/en-US/terms-of-service' },
    ]);
    expect(links(en, 'alternate').map((l) => [l.hrefLang, l.href])).toEqual([
      ['pt-BR', 'https://troca.example/terms-of-service'],
      ['en-US', 'https://troca.example/en-US/terms-of-service'],
      ['x-default', 'https://troca.example/terms-of-service'],
    ]);
    expect(attr(en, 'property', 'og:url')).toEqual([
      'https://troca.example/en-US/terms-of-service',
    ]);
    const ptHome = metaFor('pt-BR', 'home', '/');
    expect(links(ptHome, 'canonical')[0]?.href).toBe('https://troca.example/');
    expect(links(metaFor('en-US', 'home', '/en-US'), 'canonical')[0]?.href).toBe(
      'https://troca.example/en-US',
    );
  });

  it('shares the logo image, the locale and its alternate', () => {
    const tags = metaFor('pt-BR', 'pld', '/pld');
    expect(attr(tags, 'property', 'og:image')).toEqual(['https://troca.example/og-image.png']);
    expect(attr(tags, 'name', 'twitter:image')).toEqual(['https://troca.example/og-image.png']);
    expect(attr(tags, 'name', 'twitter:card')).toEqual(['summary_large_image']);
    expect(attr(tags, 'property', 'og:type')).toEqual(['website']);
    expect(attr(tags, 'property', 'og:locale')).toEqual(['pt_BR']);
    expect(attr(tags, 'property', 'og:locale:alternate')).toEqual(['en_US']);
  });

  it('gives the 404 page no canonical URL, and pages without their own the site description', () => {
    const tags = metaFor('en-US', 'notFound', '/en-US/no-such-page');
    expect(links(tags, 'canonical')).toEqual([]);
    expect(links(tags, 'alternate')).toEqual([]);
    expect(attr(metaFor('en-US', 'profileMyOrders'), 'name', 'description')).toEqual([
      enUS.meta.description.replace('{{brand}}', 'Permuta'),
    ]);
  });
});
