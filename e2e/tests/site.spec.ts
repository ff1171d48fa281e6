import AxeBuilder from '@axe-core/playwright';
import { LOCALES } from '@permuta/contracts';
import { localizedPath } from '@permuta/contracts/routes';
import { expect, gotoAndSettle, test, text } from './support.ts';

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
    // the choice wins over the browser language on the next visit to /
    await gotoAndSettle(page, '/');
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
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
      await context.close();
    });
  }
}
