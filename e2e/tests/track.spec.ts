import { request } from '@playwright/test';
import { LOCALES } from '@permuta/contracts';
import { waitForMailAbout } from './accounts-support.ts';
import { expect, openPage, unexpectedErrors, url } from './back-office.ts';
import { adminApi, pendingOrder, pngFile, registerVerifiedCustomer } from './exchange-support.ts';
import { gotoAndSettle, saveShots, seriousAxeFindings, test, text } from './support.ts';

test.use({ actionTimeout: 20_000 });

/** The subject of the tracking code e-mail, as far as the reference (apps/api/src/lib/emails.ts). */
const CODE_SUBJECT = {
  'pt-BR': 'Seu código para acompanhar o pedido',
  'en-US': 'Your code to follow order',
} as const;

for (const locale of LOCALES) {
  test(`tracking without signing in: home -> track -> e-mailed code -> the live read-only order (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const admin = await adminApi(baseURL!);
    const customer = await registerVerifiedCustomer(baseURL!, admin, locale);
    const order = await pendingOrder(baseURL!, customer, locale);
    // the customer says it paid (their own session, elsewhere): user_confirmed
    const own = await request.newContext({ baseURL: baseURL! });
    expect(
      (
        await own.post('/api/v1/auth/sign-in', {
          data: { email: customer.email, password: customer.password },
        })
      ).status(),
    ).toBe(200);
    expect(
      (
        await own.post(`/api/v1/orders/${order.reference}/proof`, {
          multipart: { file: await pngFile('proof.png') },
        })
      ).status(),
    ).toBe(200);
    const confirmed = await own.post(`/api/v1/orders/${order.reference}/confirm-payment`, {
      data: {},
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await own.dispose();

    // a visitor, not signed in: from the home page to the tracking page, in the app
    const { page, errors } = await openPage(browser, locale);
    await gotoAndSettle(page, url(locale, '/'));
    await expect(page.getByTestId('footer-track')).toHaveText(text(locale, 'pages.track.title'));
    await page.getByTestId('home-track').click();
    // the first visit loads the page's modules: a busy machine takes its time
    await expect(page).toHaveURL(new RegExp(`${url(locale, '/track')}/?$`), { timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(locale, 'pages.track.title'),
    );
    await saveShots(page, `track-ask-${locale}`);
    expect(await seriousAxeFindings(page), 'track page').toEqual([]);

    await page.getByLabel(text(locale, 'tracking.reference')).fill(order.reference.toLowerCase());
    await page.getByLabel(text(locale, 'tracking.email')).fill(customer.email);
    await page.getByRole('button', { name: text(locale, 'tracking.sendCode') }).click();
    await expect(page.getByTestId('track-code-sent')).toBeVisible({ timeout: 30_000 });

    const mail = await waitForMailAbout(customer.email, CODE_SUBJECT[locale]);
    expect(mail.subject).toContain(order.reference);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code, 'the code in the e-mail').toBeTruthy();
    await page.getByLabel(text(locale, 'tracking.code')).fill(code!);
    await page.getByRole('button', { name: text(locale, 'tracking.open') }).click();

    await expect(page).toHaveURL(url(locale, `/track/${order.reference}`), { timeout: 60_000 });
    await expect(page.getByTestId('order-status')).toHaveText(
      text(locale, 'orders.customerStatus.user_confirmed'),
      { timeout: 30_000 },
    );
    await expect(page.getByTestId('track-read-only')).toBeVisible();
    // nothing to act on, no payment details, the destination masked
    await expect(page.getByTestId('cancel-order')).toHaveCount(0);
    await expect(page.getByTestId('download-own-proof')).toHaveCount(0);
    await expect(page.getByTestId('destination')).toContainText('…');
    await saveShots(page, `track-order-${locale}`);
    expect(await seriousAxeFindings(page), 'tracked order').toEqual([]);

    // the admin moves the order: the open page shows it without a reload
    const moved = await admin.post(`/api/v1/admin/orders/${order.reference}/transition`, {
      data: { action: 'confirm_funds', amountReceived: order.amountSend },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    await expect(page.getByTestId('order-status')).toHaveText(
      text(locale, 'orders.customerStatus.admin_confirmed'),
      { timeout: 5_000 },
    );

    // a fresh load keeps the grant (the cookie), and the customer routes stay closed to it
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText(
      text(locale, 'orders.customerStatus.admin_confirmed'),
    );
    const asVisitor = await page.request.get(`/api/v1/orders/${order.reference}`);
    expect(asVisitor.status()).toBe(401);
    const cancel = await page.request.post(`/api/v1/orders/${order.reference}/cancel`, {
      headers: { origin: new URL(baseURL!).origin },
    });
    expect(cancel.status()).toBe(401);

    // stop following: the page then offers a new code
    await page.getByRole('button', { name: text(locale, 'tracking.stop') }).click();
    await expect(page).toHaveURL(new RegExp(`${url(locale, '/track')}/?$`), { timeout: 30_000 });
    await page.goto(url(locale, `/track/${order.reference}`));
    await expect(page.getByTestId('track-ended')).toBeVisible({ timeout: 30_000 });
    expect(unexpectedErrors(errors, [404])).toEqual([]);
    await admin.dispose();
  });
}
