import { LOCALES } from '@permuta/contracts';
import type { Page } from '@playwright/test';
import {
  expect,
  openPage,
  signInAdmin,
  signInCustomer,
  unexpectedErrors,
  url,
  type Locale,
} from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import { adminApi, pendingOrder, registerVerifiedCustomer } from './exchange-support.ts';
import { BOTH_WIDTHS, saveShots, test, text } from './support.ts';

/**
 * The development demo (decision 045) on the second API of playwright.config.ts, which runs the
 * fake PSP, Deriv and exchange in-process: a PIX -> USDT order paid with "Simulate payment"
 * settles by itself, through the PSP's webhook and the automatic crypto payout. The e2e admin
 * (created by start-server.ts on this server too) then finds it on the desk, paid out, every
 * move after its creation made by the system and none by an admin.
 */
const demoUrl = process.env.E2E_DEMO_URL;
test.use({ baseURL: demoUrl, actionTimeout: 20_000 });

for (const locale of LOCALES) {
  test(`demo: "simulate payment" settles a PIX -> USDT order by itself (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    expect(demoUrl, 'E2E_DEMO_URL (playwright.config.ts)').toBeTruthy();
    const admin = await adminApi(demoUrl!);
    const customer = await registerVerifiedCustomer(demoUrl!, admin, locale);
    const order = await pendingOrder(demoUrl!, customer, locale);
    const { page } = await openPage(browser, locale);
    await signInCustomer(page, locale, customer);

    await page.goto(url(locale, `/profile/my-orders/${order.reference}`));
    const demo = page.getByTestId('demo-payment');
    await expect(demo).toBeVisible({ timeout: 60_000 });
    await expect(demo).toContainText(text(locale, 'orders.demo.note'));
    // the PSP's charge (made by its job) is what the page shows to pay
    await expect(page.getByTestId('pix-charge')).toBeVisible();
    await saveShots(page, `demo-payment-${locale}-before`, BOTH_WIDTHS);

    await demo.getByRole('button', { name: text(locale, 'orders.demo.button') }).click();
    // the webhook credits it, the payout job pays it at the fake exchange (checked after 15 s)
    await expect(page.getByTestId('order-status')).toHaveText(
      text(locale, 'orders.customerStatus.admin_paid'),
      { timeout: 90_000 },
    );
    await expect(page.getByTestId('demo-payment')).toHaveCount(0);
    await saveShots(page, `demo-payment-${locale}-after`, BOTH_WIDTHS);

    // the back office: what an operator finds of an order nobody at the desk touched
    const paidOut = (await (await admin.get(`/api/v1/admin/orders/${order.reference}`)).json()) as {
      status: string;
      payoutTxId: string | null;
    };
    expect(paidOut.status).toBe('admin_paid');
    expect(paidOut.payoutTxId, 'the payout transaction id').toBeTruthy();
    await admin.dispose();
    const desk = await openPage(browser, locale);
    await desk.page.setViewportSize({ width: 1366, height: 900 });
    await signInAdmin(desk.page, locale, E2E_ADMIN.username, E2E_ADMIN.password);
    await checkDesk(desk.page, locale, order.reference, paidOut.payoutTxId!);
    expect(unexpectedErrors(desk.errors)).toEqual([]);
    await desk.context.close();
  });
}

/**
 * The desk's list shows the order paid out with its amount, and its detail tells the whole story
 * as the system wrote it: deposit detected, funds confirmed, paid out, each "by the system", the
 * payout's transaction id, no hold and nothing done by an admin.
 */
async function checkDesk(page: Page, locale: Locale, reference: string, payoutTxId: string) {
  const nav = page.getByRole('navigation', { name: text(locale, 'nav.adminArea') });
  await nav.getByRole('link', { name: text(locale, 'pages.adminOrders.title') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text(locale, 'pages.adminOrders.title'),
  );
  await page.getByLabel(text(locale, 'adminOrders.list.search')).fill(reference);
  const row = page.getByTestId(`order-row-${reference}`);
  await expect(row).toBeVisible();
  await expect(page.locator('[data-testid^="order-row-"]')).toHaveCount(1);
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'admin_paid');
  await expect(row.locator('[data-status]')).toHaveText(
    text(locale, 'adminOrders.status.admin_paid'),
  );
  await expect(row).toContainText(locale === 'pt-BR' ? 'R$\u00a0250,00' : 'R$250.00');
  await expect(row).toContainText(text(locale, 'adminOrders.method.pix'));
  await saveShots(page, `demo-payment-${locale}-desk`, BOTH_WIDTHS);

  // in-app to its detail, then the same after a reload
  await row.getByRole('link', { name: reference }).click();
  for (const moment of ['navigated', 'fresh'] as const) {
    if (moment === 'fresh') await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(locale, 'adminOrders.detail.title').replace('{{reference}}', reference),
    );
    await expect(page.locator('h1 ~ [data-status]')).toHaveAttribute('data-status', 'admin_paid');
    await expect(page.getByTestId('payout-hold')).toHaveCount(0);
    const payout = page.locator('section[aria-labelledby="order-payout"]');
    await expect(payout).toContainText(payoutTxId);
    await expect(payout.getByTestId('payout-error')).toHaveCount(0);

    const history = page.locator('section[aria-labelledby="order-timeline"] li');
    const status = (key: string) => text(locale, `adminOrders.status.${key}`);
    const byActor = (actor: string) =>
      text(locale, `adminOrders.detail.byActor.${actor}`).replace('{{date}}', '');
    const moved = (from: string, to: string) =>
      text(locale, 'adminOrders.detail.moved')
        .replace('{{from}}', status(from))
        .replace('{{to}}', status(to));
    // created by the customer, then every move the system's: deposit detected, funds confirmed,
    // payout sent, paid out
    const moves = await history.allInnerTexts();
    expect(moves.map((move) => move.split('\n')[0]!.trim())).toEqual([
      text(locale, 'adminOrders.detail.created').replace('{{to}}', status('pending')),
      moved('pending', 'paid'),
      moved('paid', 'admin_confirmed'),
      moved('admin_confirmed', 'processing'),
      moved('processing', 'admin_paid'),
    ]);
    expect(moves[0]).toContain(byActor('customer'));
    for (const move of moves.slice(1)) expect(move).toContain(byActor('system'));
    // neither "By an admin" nor "By <name> (admin)" anywhere in it
    const adminMark = /\([^)]+\)/.exec(text(locale, 'adminOrders.detail.byAdmin'))![0];
    for (const move of moves) {
      expect(move).not.toContain(byActor('admin'));
      expect(move).not.toContain(adminMark);
    }
    await saveShots(page, `demo-payment-${locale}-detail-${moment}`, BOTH_WIDTHS);
  }
}
