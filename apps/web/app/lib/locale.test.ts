import { describe, expect, it } from 'vitest';
import {
  FIRST_VISIT_SCRIPT,
  firstVisitTarget,
  localeCookie,
  localeFromPath,
  localizePath,
  preferredLocale,
  readLocaleCookie,
  stripLocale,
  switchLocalePath,
} from './locale.ts';

describe('locale of a URL', () => {
  it('reads English only from the /en-US prefix', () => {
    expect(localeFromPath('/')).toBe('pt-BR');
    expect(localeFromPath('/contact')).toBe('pt-BR');
    expect(localeFromPath('/en-US')).toBe('en-US');
    expect(localeFromPath('/en-US/')).toBe('en-US');
    expect(localeFromPath('/en-US/profile/account')).toBe('en-US');
    expect(localeFromPath('/en-USA')).toBe('pt-BR');
    expect(localeFromPath('/pt-BR/en-US')).toBe('pt-BR');
  });

  it('strips the prefix back to the Portuguese path', () => {
    expect(stripLocale('/en-US')).toBe('/');
    expect(stripLocale('/en-US/')).toBe('/');
    expect(stripLocale('/en-US/admin/orders/EX-1')).toBe('/admin/orders/EX-1');
    expect(stripLocale('/contact')).toBe('/contact');
  });

  it('prefixes app paths for English and leaves them for Portuguese', () => {
    expect(localizePath('/', 'en-US')).toBe('/en-US');
    expect(localizePath('/contact', 'en-US')).toBe('/en-US/contact');
    expect(localizePath('/#calculator', 'en-US')).toBe('/en-US#calculator');
    expect(localizePath('/login?redirectTo=%2Fx', 'en-US')).toBe('/en-US/login?redirectTo=%2Fx');
    expect(localizePath('/contact', 'pt-BR')).toBe('/contact');
    expect(localizePath('contact', 'pt-BR')).toBe('/contact');
  });
});

describe('language switcher target', () => {
  it('maps a page to the same page in the other language', () => {
    expect(switchLocalePath({ pathname: '/' }, 'en-US')).toBe('/en-US');
    expect(switchLocalePath({ pathname: '/en-US' }, 'pt-BR')).toBe('/');
    expect(switchLocalePath({ pathname: '/terms-of-service' }, 'en-US')).toBe(
      '/en-US/terms-of-service',
    );
    expect(switchLocalePath({ pathname: '/en-US/profile/my-orders/EX-7' }, 'pt-BR')).toBe(
      '/profile/my-orders/EX-7',
    );
  });

  it('keeps the query string and the hash', () => {
    expect(
      switchLocalePath(
        { pathname: '/login', search: '?redirectTo=%2Fadmin', hash: '#form' },
        'en-US',
      ),
    ).toBe('/en-US/login?redirectTo=%2Fadmin#form');
    expect(switchLocalePath({ pathname: '/en-US/', search: '?a=1', hash: '#faq' }, 'pt-BR')).toBe(
      '/?a=1#faq',
    );
  });

  it('is its own inverse', () => {
    for (const pathname of ['/', '/contact', '/admin/manager-tokens/USDT', '/x/y/z']) {
      const english = switchLocalePath({ pathname, search: '?q=1', hash: '#h' }, 'en-US');
      const url = new URL(english, 'https://x.test');
      expect(switchLocalePath(url, 'pt-BR')).toBe(`${pathname}?q=1#h`);
    }
  });
});

describe('browser language', () => {
  it('takes the first supported language of the list', () => {
    expect(preferredLocale(['en-GB', 'pt-BR'])).toBe('en-US');
    expect(preferredLocale(['pt-PT', 'en-US'])).toBe('pt-BR');
    expect(preferredLocale(['de-DE', 'EN'])).toBe('en-US');
    expect(preferredLocale(['de-DE', 'fr'])).toBeNull();
  });

  it('sends a first English visit of the home page to /en-US', () => {
    expect(firstVisitTarget('/', '', ['en-US', 'pt-BR'])).toBe('/en-US');
    expect(firstVisitTarget('/', 'theme=x', ['en-GB'])).toBe('/en-US');
    expect(firstVisitTarget('/', '', ['de-DE', 'en'])).toBe('/en-US');
    // an unreadable cookie is no choice
    expect(firstVisitTarget('/', 'locale=fr', ['en-US'])).toBe('/en-US');
  });

  it('leaves a Portuguese or other browser, and any other page, where they are', () => {
    expect(firstVisitTarget('/', '', ['pt-BR', 'en-US'])).toBeNull();
    expect(firstVisitTarget('/', '', ['de-DE', 'fr'])).toBeNull();
    expect(firstVisitTarget('/', '', [])).toBeNull();
    expect(firstVisitTarget('/contact', '', ['en-US'])).toBeNull();
    expect(firstVisitTarget('/en-US', '', ['en-US'])).toBeNull();
  });

  it('follows the cookie, the choice of language, over the browser', () => {
    // an English browser that chose Portuguese
    expect(firstVisitTarget('/', 'theme=x; locale=pt-BR', ['en-US'])).toBeNull();
    // a Portuguese browser that chose English with the switcher
    expect(firstVisitTarget('/', 'a=1; locale=en-US', ['pt-BR'])).toBe('/en-US');
    // an English browser sent to /en-US on its first visit keeps its English home
    expect(firstVisitTarget('/', 'locale=en-US', ['en-US'])).toBe('/en-US');
    // never anything but the home page
    expect(firstVisitTarget('/contact', 'locale=en-US', ['en-US'])).toBeNull();
  });

  it('has an inline script that follows the same rule and writes the 365-day cookie on a first visit', () => {
    const run = (pathname: string, cookie: string, languages: string[]) => {
      const replaced: string[] = [];
      const doc = { cookie };
      const win = {
        location: {
          pathname,
          search: '?a=1',
          hash: '#b',
          replace: (to: string) => replaced.push(to),
        },
      };
      const nav = { languages, language: languages[0] };
      new Function('window', 'document', 'navigator', FIRST_VISIT_SCRIPT)(win, doc, nav);
      return { to: replaced[0] ?? null, cookie: doc.cookie };
    };
    const first = run('/', '', ['en-US', 'pt-BR']);
    expect(first).toEqual({ to: '/en-US?a=1#b', cookie: localeCookie('en-US') });
    // the browser keeps `locale=en-US` from that cookie: the next visit to / goes to the English
    // home again, without writing the cookie a second time
    expect(run('/', 'locale=en-US', ['en-US', 'pt-BR'])).toEqual({
      to: '/en-US?a=1#b',
      cookie: 'locale=en-US',
    });

    const cases: [string, string, string[]][] = [
      ['/', 'locale=pt-BR', ['en-US']],
      ['/', 'a=1; locale=en-US', ['pt-BR']],
      ['/', '', ['pt-BR']],
      ['/', '', ['de-DE', 'en-GB']],
      ['/', 'theme=x', ['en-GB']],
      ['/', 'xlocale=en-US', ['en-US']],
      ['/', 'locale=fr', ['en-US']],
      ['/login', '', ['en-US']],
      ['/en-US', '', ['en-US']],
    ];
    for (const [pathname, cookie, languages] of cases) {
      const target = firstVisitTarget(pathname, cookie, languages);
      const ran = run(pathname, cookie, languages);
      expect(ran.to, `${pathname} ${cookie} ${languages.join()}`).toBe(
        target ? `${target}?a=1#b` : null,
      );
      // the cookie is written exactly when a first visit (no cookie yet) is sent on
      const first = target !== null && readLocaleCookie(cookie) === null;
      expect(ran.cookie).toBe(first ? localeCookie('en-US') : cookie);
    }
  });
});

describe('locale cookie', () => {
  it('lasts 365 days on the whole site', () => {
    expect(localeCookie('en-US')).toBe('locale=en-US; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('is read back from document.cookie', () => {
    expect(readLocaleCookie('a=1; locale=en-US; b=2')).toBe('en-US');
    expect(readLocaleCookie('xlocale=en-US')).toBeNull();
    expect(readLocaleCookie('locale=fr')).toBeNull();
  });
});
