import type { Page } from '@playwright/test';
import { expect, fieldName, openPage, signInCustomer, url, type Locale } from './back-office.ts';
import { adminApi, registerVerifiedCustomer } from './exchange-support.ts';
import { test, text } from './support.ts';

test.use({ actionTimeout: 20_000 });

/** The home calculator's amount to send, typed as the language writes it. */
const TYPED: Record<Locale, string> = { 'pt-BR': '1.234,5', 'en-US': '1,234.5' };
const SHOWN: Record<Locale, RegExp> = { 'pt-BR': /^1\.234,50?$/, 'en-US': /^1,234\.50?$/ };

async function typeOnHome(page: Page, locale: Locale) {
  await page.goto(url(locale, '/'));
  const box = (key: string) => page.getByRole('textbox', { name: text(locale, key) });
  const select = (key: string) => page.getByRole('combobox', { name: text(locale, key) });
  // the calculator is a lazy chunk that waits for the catalogue and the first quote
  await expect(box('calculator.amountReceive')).toHaveValue(/\d/, { timeout: 90_000 });
  const received = await box('calculator.amountReceive').inputValue();
  await box('calculator.amountSend').fill(TYPED[locale]);
  // the quote of the typed amount arrives: the calculator has taken it
  await expect(box('calculator.amountReceive')).not.toHaveValue(received);
  return {
    send: await select('calculator.send').inputValue(),
    receive: await select('calculator.receive').inputValue(),
  };
}

async function expectExchangeForm(
  page: Page,
  locale: Locale,
  pair: { send: string; receive: string },
) {
  await expect(page).toHaveURL((u) => u.pathname === url(locale, '/profile/exchange-now'));
  // the form is a lazy screen that waits for the catalogue and the customer's profile
  await expect(
    page.getByRole('textbox', { name: fieldName(text(locale, 'calculator.amountSend')) }),
  ).toHaveValue(SHOWN[locale], { timeout: 60_000 });
  await expect(
    page.getByRole('combobox', { name: fieldName(text(locale, 'calculator.send')) }),
  ).toHaveValue(pair.send);
  await expect(
    page.getByRole('combobox', { name: fieldName(text(locale, 'calculator.receive')) }),
  ).toHaveValue(pair.receive);
}

test('an amount typed on the home calculator as a guest is in the exchange form after signing in from the header (pt-BR)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const locale: Locale = 'pt-BR';
  const admin = await adminApi(baseURL!);
  const customer = await registerVerifiedCustomer(baseURL!, admin, locale);
  const { page, context } = await openPage(browser, locale);
  const pair = await typeOnHome(page, locale);
  // signs in through the sign-in page, not the calculator's button: nothing in the URL
  await signInCustomer(page, locale, customer);
  await page
    .getByRole('navigation', { name: text(locale, 'nav.customerArea') })
    .getByRole('link', { name: text(locale, 'pages.profileExchangeNow.title') })
    .click();
  await expectExchangeForm(page, locale, pair);
  await context.close();
});

test('an amount typed on the home calculator as a guest reaches the exchange form through "Exchange now" and sign-in (en-US)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const locale: Locale = 'en-US';
  const admin = await adminApi(baseURL!);
  const customer = await registerVerifiedCustomer(baseURL!, admin, locale);
  const { page, context } = await openPage(browser, locale);
  const pair = await typeOnHome(page, locale);
  await page.getByRole('link', { name: text(locale, 'calculator.exchangeNow') }).click();
  await expect(page).toHaveURL((u) => u.pathname === url(locale, '/login'));
  const form = page.getByRole('form', { name: text(locale, 'pages.login.title') });
  await form.getByLabel(fieldName(text(locale, 'accounts.fields.email'))).fill(customer.email);
  await form
    .getByLabel(fieldName(text(locale, 'accounts.fields.password')))
    .fill(customer.password);
  await form.getByRole('button', { name: text(locale, 'accounts.login.submit') }).click();
  await expectExchangeForm(page, locale, pair);
  await context.close();
});
