import type { Page } from '@playwright/test';
import { LOCALES } from '@permuta/contracts';
import { localizedPath } from '@permuta/contracts/routes';
import { expect, gotoAndSettle, seriousAxeFindings, test, text } from './support.ts';

/** The Portuguese home, `/`, with no redirect. */
const HOME_PT = /^https?:\/\/[^/]+\/$/;
const localeCookieOf = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === 'locale');

// PRODUCT.md: the first visit to / with an English browser and no cookie goes to /en-US; the
// cookie then keeps that choice (and the switcher changes it).
test.describe('first visit from an English browser', () => {
  test.use({ locale: 'en-US' });

  test('goes from / to /en-US, and remembers it for 365 days', async ({ page, allowStatus }) => {
    allowStatus(-1);
    await gotoAndSettle(page, '/');
    await expect(page).toHaveURL(/\/en-US$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    const cookie = await localeCookieOf(page);
    expect(cookie?.value).toBe('en-US');
    expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(360 * 86_400_000);
    // the next visit to / goes to the English home again, by the cookie
    await gotoAndSettle(page, '/');
    await expect(page).toHaveURL(/\/en-US$/);
    // choosing Portuguese with the switcher makes / the Portuguese home from then on
    await page.context().addCookies([{ name: 'locale', value: 'pt-BR', url: page.url() }]);
    await gotoAndSettle(page, '/');
    await expect(page).toHaveURL(HOME_PT);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  });

  test('stays on / with a pt-BR cookie', async ({ page, allowStatus, baseURL }) => {
    allowStatus(-1);
    await page.context().addCookies([{ name: 'locale', value: 'pt-BR', url: baseURL ?? '' }]);
    await gotoAndSettle(page, '/');
    await expect(page).toHaveURL(HOME_PT);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    expect((await localeCookieOf(page))?.value).toBe('pt-BR');
  });
});

test('a Portuguese visitor who opened an English link still opens /', async ({
  page,
  allowStatus,
}) => {
  allowStatus(-1);
  await gotoAndSettle(page, '/en-US/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await gotoAndSettle(page, '/');
  await expect(page).toHaveURL(HOME_PT);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  expect(await localeCookieOf(page)).toBeUndefined();
});

for (const locale of LOCALES) {
  const home = localizedPath('/', locale);

  test.describe(`home calculator in ${locale}`, () => {
    test('prices what the visitor types, on either side', async ({ page, allowStatus }) => {
      allowStatus(-1);
      await gotoAndSettle(page, home);
      const send = page.getByLabel(text(locale, 'calculator.amountSend'));
      const receive = page.getByLabel(text(locale, 'calculator.amountReceive'));
      // the demo default: PIX to USDT, a rate line and a result as soon as the page loads
      await expect(receive).not.toHaveValue('');
      const initial = await receive.inputValue();

      await send.fill(locale === 'pt-BR' ? '250,00' : '250.00');
      await expect(receive).not.toHaveValue(initial);
      const forSend = Number((await receive.inputValue()).replace(/\./g, '').replace(',', '.'));
      const forSendEn = Number((await receive.inputValue()).replace(/,/g, ''));
      expect(locale === 'pt-BR' ? forSend : forSendEn).toBeGreaterThan(0);

      await receive.fill('40');
      await expect(send).not.toHaveValue(locale === 'pt-BR' ? '250,00' : '250.00');
      await expect(send).not.toHaveValue('');
      await expect(page.getByText(text(locale, 'calculator.rate'), { exact: true })).toBeVisible();
    });

    test('explains a limit in the visitor language', async ({ page, allowStatus }) => {
      allowStatus(422);
      await gotoAndSettle(page, home);
      const error = page.getByTestId('quote-error');
      // PIX to USDT (demo limits: 10 to 100,000 USDT on BEP20)
      await page.getByLabel(text(locale, 'calculator.amountSend')).fill('20');
      await expect(error).toHaveText(
        locale === 'pt-BR'
          ? /O mínimo para receber é 10 USDT/
          : /The minimum to receive is 10 USDT/,
      );
      await page.getByLabel(text(locale, 'calculator.amountReceive')).fill('200000');
      await expect(error).toHaveText(
        locale === 'pt-BR'
          ? /O máximo para receber é 100\.?000 USDT/
          : /The maximum to receive is 100,?000 USDT/,
      );
      await page.getByLabel(text(locale, 'calculator.amountSend')).fill('1');
      await expect(error).toHaveText(
        locale === 'pt-BR'
          ? 'O valor é pequeno demais para cobrir as taxas.'
          : /too small to cover the fees/,
      );
    });
  });

  test(`the 404 page names the full path in ${locale}`, async ({ page, allowStatus }) => {
    allowStatus(404);
    const url = localizedPath('/no-such/page', locale);
    const response = await gotoAndSettle(page, `${url}?x=1`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      text(locale, 'notFound.message'),
    );
    await expect(page.getByRole('heading', { level: 1 })).toContainText(url);
    await expect(page).toHaveTitle(`${text(locale, 'notFound.message')} - Permuta`);
  });

  test(`the language switcher keeps the page, from ${locale}`, async ({ page, allowStatus }) => {
    allowStatus(-1);
    await gotoAndSettle(page, localizedPath('/terms-of-service', locale));
    // opening a page in a language is no choice of language: no cookie yet
    expect(await localeCookieOf(page)).toBeUndefined();
    const switcher = page.getByRole('link', { name: text(locale, 'common.switchLanguage') });
    await expect(switcher).toHaveAttribute('title', text(locale, 'common.switchLanguageLabel'));
    await switcher.click();
    const other = locale === 'pt-BR' ? 'en-US' : 'pt-BR';
    await expect(page).toHaveURL(localizedPath('/terms-of-service', other));
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    const cookies = await page.context().cookies();
    const cookie = cookies.find((c) => c.name === 'locale');
    expect(cookie?.value).toBe(other);
    // about 365 days
    expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(360 * 86_400_000);
    // with a choice made, / opens the home of the chosen language
    await gotoAndSettle(page, '/');
    await expect(page).toHaveURL(other === 'en-US' ? /\/en-US$/ : HOME_PT);
    await expect(page.locator('html')).toHaveAttribute('lang', other);
  });

  test(`dark by default, the choice remembered, in ${locale}`, async ({ page, allowStatus }) => {
    allowStatus(-1);
    await gotoAndSettle(page, home);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('button', { name: text(locale, 'common.colorMode') }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('color-mode'))).toBe('light');
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  for (const path of ['/', '/login', '/terms-of-service', '/no-such-page', '/admin/login']) {
    const url = localizedPath(path, locale);
    test(`no serious accessibility finding on ${url}`, async ({ browser }) => {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await gotoAndSettle(page, url);
      expect(await seriousAxeFindings(page)).toEqual([]);
      await context.close();
    });
  }
}
