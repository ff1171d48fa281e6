import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { LOCALES } from '@permuta/contracts';
import {
  expect,
  fieldName,
  openPage,
  signInCustomer,
  unexpectedErrors,
  url,
  type Locale,
} from './back-office.ts';
import { adminApi, registerVerifiedCustomer } from './exchange-support.ts';
import { saveShots, test, text } from './support.ts';

// a missing element fails the step it is looked for in, not the whole test minutes later
test.use({ actionTimeout: 20_000 });

/**
 * Personal data (decision 063), in both languages: the customer downloads their data from the
 * privacy page, is asked to accept a new terms version an owner publishes, then deletes the
 * account and can no longer sign in. Publishing a version concerns every customer of the
 * server, so this spec runs on the isolated API (playwright.config.ts).
 */
for (const locale of LOCALES) {
  test(`privacy: export, a new terms version asked again, deletion (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const admin = await adminApi(baseURL!);
    const customer = await registerVerifiedCustomer(baseURL!, admin, locale as Locale);
    const { page, errors, context } = await openPage(browser, locale as Locale);
    await signInCustomer(page, locale as Locale, customer);

    // in-app navigation from the profile menu
    await page
      .getByRole('link', { name: text(locale, 'pages.profilePrivacy.title') })
      .first()
      .click();
    await expect(page).toHaveURL(
      (current) => current.pathname === url(locale as Locale, '/profile/privacy'),
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(locale, 'pages.profilePrivacy.title'),
    );
    await expect(page.getByTestId('privacy-retained')).toBeVisible();
    await saveShots(page, `privacy-${locale}`);

    // the export downloads a JSON file with the customer's own data
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: text(locale, 'privacy.export.submit') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^permuta-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      profile: { email: string };
      documents: unknown[];
      consents: unknown[];
    };
    expect(file.profile.email).toBe(customer.email);
    expect(file.documents).toHaveLength(3);
    expect(file.consents.length).toBeGreaterThanOrEqual(2);

    // an owner publishes a new terms version: the next page asks for it, and nothing else goes on
    const version = `e2e-${locale}-${randomBytes(3).toString('hex')}`;
    const published = await admin.post('/api/v1/admin/legal-documents', {
      data: { kind: 'terms', version, summary: 'Fees explained in more detail' },
    });
    expect(published.status(), await published.text()).toBe(201);
    await page
      .getByRole('link', { name: text(locale, 'pages.profileAccount.title') })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: text(locale, 'consent.title') });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(version);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await saveShots(page, `privacy-consent-${locale}`);
    await dialog.getByLabel(text(locale, 'consent.checkbox')).check();
    await dialog.getByRole('button', { name: text(locale, 'consent.accept') }).click();
    await expect(dialog).toBeHidden();
    // asked once: a reload does not ask again
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(dialog).toBeHidden();

    // deletion: the password again, then the account is gone
    await page.goto(url(locale as Locale, '/profile/privacy'));
    await page
      .getByLabel(fieldName(text(locale, 'privacy.delete.password')))
      .fill(customer.password);
    await page.getByLabel(text(locale, 'privacy.delete.understand')).check();
    await page.getByRole('button', { name: text(locale, 'privacy.delete.submit') }).click();
    await expect(page).toHaveURL((current) => current.pathname === url(locale as Locale, '/'));

    await page.goto(url(locale as Locale, '/login'));
    const form = page.getByRole('form', { name: text(locale, 'pages.login.title') });
    await form.getByLabel(fieldName(text(locale, 'accounts.fields.email'))).fill(customer.email);
    await form
      .getByLabel(fieldName(text(locale, 'accounts.fields.password')))
      .fill(customer.password);
    await form.getByRole('button', { name: text(locale, 'accounts.login.submit') }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(page).toHaveURL((current) => current.pathname === url(locale as Locale, '/login'));

    expect(unexpectedErrors(errors, [401])).toEqual([]);
    await context.close();
    await admin.dispose();
  });
}
