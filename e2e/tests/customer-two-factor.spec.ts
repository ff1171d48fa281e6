import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { LOCALES } from '@permuta/contracts';
import {
  expect,
  fieldName,
  openPage,
  registerConfirmedCustomer,
  signInCustomer,
  unexpectedErrors,
  url,
} from './back-office.ts';
import { test, text, seriousAxeFindings, saveShots } from './support.ts';

/**
 * A customer turns two-factor on from the profile menu, signs out, then signs in with a code of
 * the app (computed here from the secret the page shows) and with a recovery code (decision 061).
 */
for (const locale of LOCALES) {
  test.describe(`customer two-factor in ${locale}`, () => {
    test('enrol, sign out, sign in with a code, then with a recovery code', async ({ browser }) => {
      test.setTimeout(300_000);
      const first = await openPage(browser, locale);
      const { page } = first;
      const customer = await registerConfirmedCustomer(page, locale);
      await signInCustomer(page, locale, customer);

      // the profile menu leads to the security page (in-app navigation)
      await page
        .getByRole('navigation', { name: text(locale, 'nav.customerArea') })
        .first()
        .getByRole('link', { name: text(locale, 'pages.profileSecurity.title') })
        .click();
      await expect(page).toHaveURL((u) => u.pathname === url(locale, '/profile/security'));
      await expect(page.getByTestId('two-factor-status')).toHaveText(
        text(locale, 'accounts.twoFactor.off'),
      );
      await saveShots(page, `customer-two-factor-off-${locale}`);

      await page
        .getByLabel(fieldName(text(locale, 'accounts.fields.password')))
        .fill(customer.password);
      await page.getByRole('button', { name: text(locale, 'accounts.twoFactor.enable') }).click();
      await expect(
        page.getByRole('img', { name: text(locale, 'accounts.twoFactor.qrAlt') }),
      ).toBeVisible();
      const secret = await page.getByTestId('totp-secret').getAttribute('data-secret');
      expect(secret).toBeTruthy();
      expect(await seriousAxeFindings(page), 'two-factor set-up').toEqual([]);
      await saveShots(page, `customer-two-factor-setup-${locale}`);
      await page
        .getByLabel(fieldName(text(locale, 'accounts.twoFactor.code')))
        .fill(await generate({ secret: secret! }));
      await page.getByRole('button', { name: text(locale, 'accounts.twoFactor.activate') }).click();
      const shown = page.getByTestId('recovery-codes');
      await expect(shown).toBeVisible();
      const recovery = (await shown.innerText()).trim().split('\n');
      expect(recovery).toHaveLength(10);
      await saveShots(page, `customer-two-factor-codes-${locale}`);
      await page.getByRole('button', { name: text(locale, 'accounts.twoFactor.saved') }).click();
      await expect(page.getByTestId('two-factor-status')).toHaveText(
        text(locale, 'accounts.twoFactor.on'),
      );
      await expect(page.getByTestId('recovery-codes-left')).toContainText('10');

      // after a reload the page says the same
      await page.reload();
      await expect(page.getByTestId('recovery-codes-left')).toContainText('10');
      await page
        .getByRole('button', { name: text(locale, 'common.signOut') })
        .first()
        .click();
      await expect(page).toHaveURL((u) => u.pathname === url(locale, '/'));

      // the password, then a code of the app (the next step's: the enrolment used this one)
      const second = await openPage(browser, locale);
      await signInWithCode(second.page, locale, customer, () =>
        generate({ secret: secret!, epoch: Math.floor(Date.now() / 1000) + 30 }),
      );
      await openSecurity(second.page, locale);
      await expect(second.page.getByTestId('two-factor-status')).toHaveText(
        text(locale, 'accounts.twoFactor.on'),
        { timeout: 60_000 },
      );

      // and with a recovery code: one fewer left
      const third = await openPage(browser, locale);
      await signInWithCode(third.page, locale, customer, async () => recovery[0]!);
      await openSecurity(third.page, locale);
      await expect(third.page.getByTestId('recovery-codes-left')).toContainText('9', {
        timeout: 60_000,
      });
      await saveShots(third.page, `customer-two-factor-on-${locale}`);

      for (const tab of [first, second, third]) {
        expect(unexpectedErrors(tab.errors)).toEqual([]);
        await tab.context.close();
      }
    });
  });
}

async function signInWithCode(
  page: Page,
  locale: 'pt-BR' | 'en-US',
  customer: { email: string; password: string },
  code: () => Promise<string>,
) {
  await page.goto(url(locale, '/login'));
  const form = page.getByRole('form', { name: text(locale, 'pages.login.title') });
  await form.getByLabel(fieldName(text(locale, 'accounts.fields.email'))).fill(customer.email);
  await form
    .getByLabel(fieldName(text(locale, 'accounts.fields.password')))
    .fill(customer.password);
  await form.getByRole('button', { name: text(locale, 'accounts.login.submit') }).click();
  const step = page.getByRole('form', { name: text(locale, 'accounts.twoFactor.stepTitle') });
  await expect(step).toBeVisible();
  await step
    .getByLabel(fieldName(text(locale, 'accounts.twoFactor.codeOrRecovery')))
    .fill(await code());
  await step.getByRole('button', { name: text(locale, 'accounts.twoFactor.stepSubmit') }).click();
  await expect(page).toHaveURL((u) => u.pathname === url(locale, '/profile/account'));
}

/** The security page from the profile menu (in-app navigation). */
async function openSecurity(page: Page, locale: 'pt-BR' | 'en-US') {
  await page
    .getByRole('navigation', { name: text(locale, 'nav.customerArea') })
    .first()
    .getByRole('link', { name: text(locale, 'pages.profileSecurity.title') })
    .click();
  await expect(page).toHaveURL((u) => u.pathname === url(locale, '/profile/security'));
}
