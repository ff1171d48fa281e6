import type { Browser, Page } from '@playwright/test';
import { ACCOUNT_FIELD_MESSAGES, LOCALES, type Locale } from '@permuta/contracts';
import { localizedPath } from '@permuta/contracts/routes';
import { expect as baseExpect, gotoAndSettle, seriousAxeFindings, test, text } from './support.ts';
import {
  field,
  newCustomer,
  waitForMail,
  waitForMailAbout,
  type TestCustomer,
} from './accounts-support.ts';
import { openPage, unexpectedErrors } from './back-office.ts';

// long flows on a shared, busy machine: API answers can take seconds
const expect = baseExpect.configure({ timeout: 15_000 });

/** The e-mails of these flows, as the customer reads them: subject (before " - <brand>"), greeting. */
const MAIL = {
  'pt-BR': {
    confirm: 'Confirme seu e-mail',
    resetCode: 'Seu código para redefinir a senha',
    greeting: /^Olá, /,
  },
  'en-US': {
    confirm: 'Confirm your e-mail',
    resetCode: 'Your password reset code',
    greeting: /^Hello, /,
  },
} as const;

/** No serious or critical axe finding on the page as it is now. */
async function expectAccessible(page: Page) {
  expect(await seriousAxeFindings(page)).toEqual([]);
}

/** With E2E_SCREENSHOTS=<dir>, a full-page screenshot for a human look at the screens. */
async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/**
 * Waits until the app has finished its last client navigation (it keeps the target in
 * sessionStorage while one is in flight, and a page loaded meanwhile would continue to it).
 */
async function settled(page: Page) {
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('permuta:navigation')))
    .toBeNull();
}

async function signIn(page: Page, locale: Locale, email: string, password: string) {
  await field(page, text(locale, 'accounts.fields.email')).fill(email);
  await field(page, text(locale, 'accounts.fields.password')).fill(password);
  await page
    .locator('form')
    .getByRole('button', { name: text(locale, 'accounts.login.submit') })
    .click();
}

/** Registers through the API, as the registration page does, in `locale`. */
async function registerByApi(page: Page, locale: Locale, customer: TestCustomer) {
  const response = await page.request.post('/api/v1/auth/register', {
    headers: { 'accept-language': locale },
    data: { ...customer, confirmPassword: customer.password, acceptTerms: true, locale },
  });
  expect(response.status()).toBe(201);
}

/** A new visit in `locale` by a customer registered through the API, not signed in yet. */
async function visitAsRegistered(browser: Browser, locale: Locale, prefix: string) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  const customer = newCustomer(prefix);
  await registerByApi(page, locale, customer);
  return { context, page, customer };
}

for (const locale of LOCALES) {
  const at = (path: string) => localizedPath(path, locale);
  const t = (key: string) => text(locale, key);

  test.describe(`customer accounts in ${locale}`, () => {
    test('register, confirm the e-mail, sign in, edit contact, change the password, sign out and back in', async ({
      browser,
      allowStatus,
    }) => {
      test.setTimeout(90_000);
      allowStatus(-1);
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      const customer = newCustomer('reg');

      await gotoAndSettle(page, at('/registration'));
      await expectAccessible(page);
      await expect(
        page.getByRole('link', { name: t('accounts.registration.terms'), exact: true }),
      ).toHaveAttribute('href', at('/terms-of-service'));
      await expect(
        page.getByRole('link', { name: t('accounts.registration.privacy'), exact: true }),
      ).toHaveAttribute('href', at('/privacy-policy'));

      // the shared schema answers on each field before anything is sent
      await page.getByRole('button', { name: t('accounts.registration.submit') }).click();
      await expect(page.getByText(t('messages.checkForm'))).toBeVisible();
      await expect(field(page, t('accounts.fields.cpf'))).toHaveAttribute('aria-invalid', 'true');
      await field(page, t('accounts.fields.birthDate')).fill('2015-01-01');
      await field(page, t('accounts.fields.birthDate')).blur();
      await expect(
        page.getByText(ACCOUNT_FIELD_MESSAGES['birthDate.minor'][locale], { exact: true }),
      ).toBeVisible();
      await snap(page, `${locale}-registration-errors`);

      await field(page, t('accounts.fields.name')).fill(customer.name);
      await field(page, t('accounts.fields.birthDate')).fill(customer.birthDate);
      await field(page, t('accounts.fields.cpf')).fill(customer.cpf);
      await field(page, t('accounts.fields.phone')).fill(customer.phone);
      await field(page, t('accounts.fields.email')).fill(customer.email);
      await field(page, t('accounts.fields.username')).fill(customer.username);
      await field(page, t('accounts.fields.password')).fill(customer.password);
      await field(page, t('accounts.fields.confirmPassword')).fill(customer.password);
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: t('accounts.registration.submit') }).click();
      await expect(page.getByText(t('messages.registered'))).toBeVisible();
      await expect(page).toHaveURL(at('/login'));
      await settled(page);

      // the confirmation e-mail, in the page's language, links to the page in that language
      const mail = await waitForMail(customer.email);
      expect(mail.subject.startsWith(MAIL[locale].confirm), mail.subject).toBe(true);
      expect(mail.text).toMatch(MAIL[locale].greeting);
      const link = /https?:\/\/\S+?\/validate-email\?token=[\w-]+/.exec(mail.text)?.[0];
      expect(link, mail.text).toBeTruthy();
      const url = new URL(link!);
      expect(url.pathname).toBe(at('/validate-email'));
      await gotoAndSettle(page, `${url.pathname}${url.search}`);
      await expect(page.getByText(t('accounts.validateEmail.successTitle'))).toBeVisible();
      await snap(page, `${locale}-validate-email-ok`);
      await expectAccessible(page);
      // a link works once
      await gotoAndSettle(page, `${url.pathname}${url.search}`);
      await expect(page.getByTestId('email-confirmation-failed')).toBeVisible();
      await snap(page, `${locale}-validate-email-used`);

      await page
        .getByRole('main')
        .getByRole('link', { name: t('accounts.validateEmail.toLogin') })
        .click();
      await expect(page).toHaveURL(at('/login'));
      await signIn(page, locale, customer.email, customer.password);
      await expect(page).toHaveURL(at('/profile/account'));
      await expect(page.getByTestId('email-verified')).toHaveAttribute('data-done', 'true');
      await expect(page.getByTestId('email-banner')).toHaveCount(0);
      await expect(page.getByText('***.')).toBeVisible();
      await snap(page, `${locale}-account`);
      await expectAccessible(page);

      // contact information
      await field(page, t('accounts.fields.name')).fill('Maria Souza');
      await field(page, t('accounts.fields.phone')).fill('11 3333-4444');
      await page.getByRole('button', { name: t('accounts.account.saveContact') }).click();
      await expect(page.getByText(t('messages.contactUpdated'))).toBeVisible();
      await page.reload();
      await expect(page.locator('dd', { hasText: 'Maria Souza' })).toBeVisible();
      await expect(page.locator('dd', { hasText: '(11) 3333-4444' })).toBeVisible();

      // default tokens, from the public catalogue
      const sendToken = page.getByLabel(t('accounts.account.sendToken'));
      await sendToken.selectOption('USDT');
      await page.getByRole('button', { name: t('accounts.account.saveTokens') }).click();
      await expect(page.getByText(t('accounts.account.tokensSaved'))).toBeVisible();
      await page.reload();
      await expect(page.getByLabel(t('accounts.account.sendToken'))).toHaveValue('USDT');

      // password: a wrong current one is refused on its field, then the change goes through
      const newPassword = 'N3w!password';
      await page
        .getByRole('navigation', { name: t('nav.customerArea') })
        .first()
        .getByRole('link', { name: t('pages.profileChangePassword.title') })
        .click();
      await expect(page).toHaveURL(at('/profile/change-password'));
      await field(page, t('accounts.fields.currentPassword')).fill('Wrong!pass1');
      await field(page, t('accounts.fields.newPassword')).fill(newPassword);
      await field(page, t('accounts.fields.confirmNewPassword')).fill(newPassword);
      await page.getByRole('button', { name: t('accounts.changePassword.submit') }).click();
      await expect(field(page, t('accounts.fields.currentPassword'))).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await expectAccessible(page);
      await snap(page, `${locale}-change-password-wrong`);
      await field(page, t('accounts.fields.currentPassword')).fill(customer.password);
      await page.getByRole('button', { name: t('accounts.changePassword.submit') }).click();
      await expect(page.getByText(t('accounts.changePassword.success'))).toBeVisible();

      // sign out from the header, then the old password no longer works and the new one does
      await page.getByRole('button', { name: t('common.signOut') }).click();
      await expect(page).toHaveURL(at('/'));
      await expect(page.getByRole('link', { name: t('common.signIn') }).first()).toBeVisible();
      await settled(page);
      await gotoAndSettle(page, at('/login'));
      await signIn(page, locale, customer.email, customer.password);
      await expect(page.getByTestId('form-failure')).toContainText(
        locale === 'en-US' ? 'E-mail or password is incorrect.' : 'E-mail ou senha incorretos.',
      );
      await snap(page, `${locale}-login-failed`);
      await signIn(page, locale, customer.email, newPassword);
      await expect(page).toHaveURL(at('/profile/account'));
      await context.close();
    });

    test('reset a forgotten password with the code from the e-mail', async ({
      browser,
      allowStatus,
    }) => {
      test.setTimeout(60_000);
      allowStatus(-1);
      // a page that records its console errors (the fixture's page is not this one)
      const { page, context, errors } = await openPage(browser, locale);
      const customer = newCustomer('fgt');
      await registerByApi(page, locale, customer);

      await gotoAndSettle(page, at('/login'));
      await page.getByRole('link', { name: t('accounts.login.forgot') }).click();
      await expect(page).toHaveURL(at('/forgot-password'));
      await expectAccessible(page);
      await field(page, t('accounts.fields.email')).fill(customer.email);
      await page.getByRole('button', { name: t('accounts.forgot.sendCode') }).click();
      await expect(page.getByText(t('messages.resetRequested'))).toBeVisible();
      // the resend button waits 60 s
      await expect(
        page.getByRole('button', {
          name: new RegExp(t('accounts.forgot.resendIn').replace('{{seconds}}', '\\d+')),
        }),
      ).toBeDisabled();
      await expectAccessible(page);

      // the e-mail with the code, in the customer's language: the code is its line of 6 digits
      const mail = await waitForMailAbout(customer.email, MAIL[locale].resetCode);
      expect(mail.text).toMatch(MAIL[locale].greeting);
      const code = /^\s+(\d{6})$/m.exec(mail.text)?.[1];
      expect(code, mail.text).toBeTruthy();
      expect(mail.html).toContain(`>${code}</p>`);

      const newPassword = 'R3set!pass';
      await field(page, t('accounts.fields.code')).fill(code === '000000' ? '111111' : '000000');
      await field(page, t('accounts.fields.newPassword')).fill(newPassword);
      await field(page, t('accounts.fields.confirmNewPassword')).fill(newPassword);
      await page.getByRole('button', { name: t('accounts.forgot.submit') }).click();
      await expect(field(page, t('accounts.fields.code'))).toHaveAttribute('aria-invalid', 'true');
      await snap(page, `${locale}-forgot-password-code`);

      await field(page, t('accounts.fields.code')).fill(code!);
      await page.getByRole('button', { name: t('accounts.forgot.submit') }).click();
      await expect(page.getByText(t('messages.resetDone'))).toBeVisible();
      await expect(page).toHaveURL(at('/login'));
      // the old password no longer opens the account; the new one does
      await signIn(page, locale, customer.email, customer.password);
      await expect(page.getByTestId('form-failure')).toContainText(
        locale === 'en-US' ? 'E-mail or password is incorrect.' : 'E-mail ou senha incorretos.',
      );
      await signIn(page, locale, customer.email, newPassword);
      await expect(page).toHaveURL(at('/profile/account'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t('pages.profileAccount.title'),
      );
      // 400: the wrong code, 401: the old password, both refused on purpose
      expect(unexpectedErrors(errors, [400, 401])).toEqual([]);
      await context.close();
    });

    test('a guest sent to sign in comes back to the page asked for, and sees the e-mail reminder', async ({
      browser,
      allowStatus,
    }) => {
      allowStatus(-1);
      const { context, page, customer } = await visitAsRegistered(browser, locale, 'grd');

      await gotoAndSettle(page, at('/profile/change-password'));
      await expect(page).toHaveURL(
        (current) =>
          current.pathname === at('/login') &&
          current.searchParams.get('redirectTo') === at('/profile/change-password'),
      );
      await expectAccessible(page);
      await signIn(page, locale, customer.email, customer.password);
      await expect(page).toHaveURL(at('/profile/change-password'));

      // not confirmed yet: the reminder, whose resend button then waits
      const banner = page.getByTestId('email-banner');
      await expect(banner).toContainText(customer.email);
      await banner.getByRole('button', { name: t('accounts.banner.resend') }).click();
      await expect(
        banner.getByRole('button', {
          name: new RegExp(t('accounts.banner.resendIn').replace('{{seconds}}', '\\d+')),
        }),
      ).toBeDisabled();
      await snap(page, `${locale}-banner`);
      await settled(page);
      await page.goto(at('/profile/account'));
      await expect(page.getByTestId('email-verified')).toHaveAttribute('data-done', 'false');
      await context.close();
    });

    test('the sign-in page shows before its code has loaded; what is typed meanwhile stays and signs in', async ({
      browser,
      allowStatus,
    }) => {
      allowStatus(-1);
      const { context, page, customer } = await visitAsRegistered(browser, locale, 'erl');

      // hold the framework back (a slow connection): the prerendered page is all there is
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/framework-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(at('/login'), { waitUntil: 'domcontentloaded' });
      await expect(page.getByRole('heading', { name: t('pages.login.title') })).toBeVisible();
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations.push(frame.url());
      });
      const email = field(page, t('accounts.fields.email'));
      const password = field(page, t('accounts.fields.password'));
      await email.fill(customer.email);
      await password.fill(customer.password);
      const submit = page.locator('form').getByRole('button', { name: t('accounts.login.submit') });
      // the button waits for the app; a press on it, or Enter in a field, sends nothing yet
      await expect(submit).toBeDisabled();
      await submit.click({ force: true });
      await password.press('Enter');
      // a submit by the browser would start at once: give it the time to show
      await page.waitForTimeout(500);
      // no route module has run yet, the browser did not submit the form itself, the text stays
      expect(await page.evaluate("'__reactRouterRouteModules' in window")).toBe(false);
      expect(navigations).toEqual([]);
      expect(page.url()).not.toContain('?');
      await expect(email).toHaveValue(customer.email);
      await expect(password).toHaveValue(customer.password);

      // the code arrives: the page hydrates, keeps what was typed, and signs in with it
      release();
      await expect(submit).toBeEnabled();
      await expect(email).toHaveValue(customer.email);
      await submit.click();
      await expect(page).not.toHaveURL(at('/login'));
      await expect(
        page.getByText(ACCOUNT_FIELD_MESSAGES['email.required'][locale], { exact: true }),
      ).toHaveCount(0);
      await context.close();
    });
  });
}
