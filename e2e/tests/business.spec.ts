import { LOCALES } from '@permuta/contracts';
import {
  expect,
  fieldName,
  openPage,
  registerConfirmedCustomer,
  signInAdmin,
  signInCustomer,
  unexpectedErrors,
  url,
} from './back-office.ts';
import { randomCnpj } from './accounts-support.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import { saveShots, seriousAxeFindings, test, text } from './support.ts';

for (const locale of LOCALES) {
  test(`a business signs up, is approved, creates a key it sees once and revokes it (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const t = (key: string) => text(locale, key);
    const customerTab = await openPage(browser, locale);
    const adminTab = await openPage(browser, locale);
    const page = customerTab.page;

    // the representative signs up as a person, then opens the business account from /business
    const customer = await registerConfirmedCustomer(page, locale);
    await signInCustomer(page, locale, customer);
    await page.goto(url(locale, '/business'));
    await page.getByTestId('business-open').click();
    await expect(page).toHaveURL(
      (current) => current.pathname === url(locale, '/profile/business'),
    );
    await expect(
      page.getByRole('heading', { level: 1, name: t('pages.profileBusiness.title') }),
    ).toBeVisible();
    await page.getByLabel(fieldName(t('businessAccount.companyName'))).fill('Padaria Exemplo Ltda');
    await page.getByLabel(fieldName(t('businessAccount.cnpj'))).fill(randomCnpj());
    await page.getByRole('button', { name: t('businessAccount.submit') }).click();
    await expect(page.getByTestId('business-status')).toHaveText(
      t('businessAccount.status.pending'),
    );
    await saveShots(page, `business-pending-${locale}`);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // not approved yet: no keys
    await page
      .getByRole('navigation', { name: t('nav.customerArea') })
      .first()
      .getByRole('link', { name: t('pages.profileApiKeys.title') })
      .click();
    await expect(page.getByTestId('api-keys-not-approved')).toBeVisible();

    // the back office approves it on the customer's page
    const me = await page.request.get('/api/v1/me');
    const customerId = ((await me.json()) as { user: { id: string } }).user.id;
    const admin = adminTab.page;
    await signInAdmin(admin, locale, E2E_ADMIN.username, E2E_ADMIN.password);
    await admin.goto(url(locale, `/admin/manager-customers/${customerId}`));
    await admin.getByRole('button', { name: t('adminBusiness.approve') }).click();
    await expect(admin.getByTestId('admin-business-status')).toHaveText(
      t('businessAccount.status.approved'),
    );
    await saveShots(admin, `business-admin-${locale}`);

    // the business creates a key: shown once
    await page.reload();
    await page.getByLabel(fieldName(t('apiKeys.name'))).fill('ERP');
    await page.getByRole('button', { name: t('apiKeys.create') }).click();
    const secretBox = page.getByTestId('api-key-secret');
    await expect(secretBox).toHaveText(/^pmt_live_[0-9a-z]{8}_[A-Za-z0-9_-]{43}$/);
    const secret = (await secretBox.textContent())!;
    await saveShots(page, `business-key-created-${locale}`);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.getByTestId('api-key-secret-done').click();
    await expect(page.getByTestId('api-key-row')).toHaveCount(1);
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await expect(page.getByTestId('api-key-row')).toHaveCount(1);
    expect(await page.content()).not.toContain(secret);

    // the key works without a cookie, then is revoked and refused at once
    const program = await browser.newContext();
    const before = await program.request.get('/api/v1/partner/orders', {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(before.status()).toBe(200);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `${t('apiKeys.revoke')} ERP` }).click();
    await expect(page.getByTestId('api-key-row')).toContainText(t('apiKeys.revoked'));
    const after = await program.request.get('/api/v1/partner/orders', {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(after.status()).toBe(401);
    await program.close();
    await saveShots(page, `business-key-revoked-${locale}`);

    // 404: /api/v1/me/business before the application
    expect(unexpectedErrors(customerTab.errors, [404])).toEqual([]);
    expect(unexpectedErrors(adminTab.errors)).toEqual([]);
    await customerTab.context.close();
    await adminTab.context.close();
  });
}
