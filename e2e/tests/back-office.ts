/**
 * Helpers of the back-office and documents browser tests: pages with their own context (axe
 * needs one), sign-in through the screens, and customers registered and confirmed through the
 * API and the SMTP catcher of the e2e server (e2e/mail-catcher.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { localizedPath } from '@permuta/contracts/routes';
import { randomCpf, waitForMail } from './accounts-support.ts';
import { expect as baseExpect, text } from './support.ts';

/** This machine can be slow (several builds and browsers at once): screens get 15 s to settle. */
export const expect = baseExpect.configure({ timeout: 15_000 });

export type Locale = 'pt-BR' | 'en-US';

export interface OpenPage {
  page: Page;
  context: BrowserContext;
  /** console errors and uncaught exceptions seen so far */
  errors: string[];
}

/** A page in a fresh context (its own cookies and storage), recording console errors. */
export async function openPage(browser: Browser, locale: Locale): Promise<OpenPage> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, context, errors };
}

/** Console errors other than the failed loads of the HTTP statuses the test provokes. */
export function unexpectedErrors(errors: string[], allowed: number[] = []): string[] {
  return errors.filter((line) => {
    const status = /status of (\d{3})/.exec(line)?.[1];
    return !(status && allowed.includes(Number(status)));
  });
}

export const url = (locale: Locale, pathname: string) => localizedPath(pathname, locale);

/** The accessible name of a form field: its label, with the asterisk of a required one. */
export function fieldName(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}

/** Signs in on /admin/login; when `code` is given, answers the two-factor step with it. */
export async function signInAdmin(
  page: Page,
  locale: Locale,
  username: string,
  password: string,
  code?: () => Promise<string>,
): Promise<void> {
  await page.goto(url(locale, '/admin/login'));
  await page.getByLabel(fieldName(text(locale, 'admin.signIn.username'))).fill(username);
  await page.getByLabel(fieldName(text(locale, 'admin.signIn.password'))).fill(password);
  await page.getByRole('button', { name: text(locale, 'admin.signIn.submit') }).click();
  if (code) {
    await expect(
      page.getByRole('heading', { name: text(locale, 'admin.signIn.codeTitle') }),
    ).toBeVisible();
    await page.getByLabel(fieldName(text(locale, 'admin.signIn.code'))).fill(await code());
    await page.getByRole('button', { name: text(locale, 'admin.signIn.verify') }).click();
  }
  await expect(page).toHaveURL((current) => current.pathname === url(locale, '/admin'));
}

export async function signOutAdmin(page: Page, locale: Locale): Promise<void> {
  await page
    .getByRole('button', { name: text(locale, 'common.signOut') })
    .first()
    .click();
  await expect(page).toHaveURL((current) => current.pathname === url(locale, '/'));
  // let the home page finish loading: leaving while its chunks load counts as a failed chunk
  // load, and the app would then reopen the home page after the next page.goto
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

export interface E2eCustomer {
  name: string;
  email: string;
  password: string;
}

/**
 * Registers a customer through the API and confirms the e-mail with the link of the message the
 * SMTP catcher received.
 */
export async function registerConfirmedCustomer(page: Page, locale: Locale): Promise<E2eCustomer> {
  const suffix = randomBytes(4).toString('hex');
  const customer = {
    name: `Cliente Teste ${suffix}`,
    email: `cliente.${suffix}@example.com`,
    password: 'Str0ng!Pass',
  };
  const registered = await page.request.post('/api/v1/auth/register', {
    headers: { 'accept-language': locale },
    data: {
      username: `cli_${suffix}`,
      name: customer.name,
      email: customer.email,
      phone: '(11) 98888-7777',
      cpf: randomCpf(),
      birthDate: '1990-05-20',
      password: customer.password,
      confirmPassword: customer.password,
      acceptTerms: true,
      locale,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const mail = await waitForMail(customer.email);
  const token = /validate-email\?token=([\w-]+)/.exec(mail.text)?.[1];
  expect(token, 'confirmation link in the e-mail').toBeTruthy();
  const verified = await page.request.post('/api/v1/auth/verify-email', {
    headers: { 'accept-language': locale },
    data: { token },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return customer;
}

/** Signs a customer in on /login. */
export async function signInCustomer(page: Page, locale: Locale, customer: E2eCustomer) {
  await page.goto(url(locale, '/login'));
  const form = page.getByRole('form', { name: text(locale, 'pages.login.title') });
  await form.getByLabel(fieldName(text(locale, 'accounts.fields.email'))).fill(customer.email);
  await form
    .getByLabel(fieldName(text(locale, 'accounts.fields.password')))
    .fill(customer.password);
  await form.getByRole('button', { name: text(locale, 'accounts.login.submit') }).click();
  await expect(page).toHaveURL((current) => current.pathname === url(locale, '/profile/account'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}
