import { LOCALES } from '@permuta/contracts';
import { expect, openPage, signInCustomer, url } from './back-office.ts';
import { adminApi, pendingOrder, registerVerifiedCustomer } from './exchange-support.ts';
import { BOTH_WIDTHS, saveShots, test, text } from './support.ts';

/**
 * The development demo (decision 045) on the second API of playwright.config.ts, which runs the
 * fake PSP, Deriv and exchange in-process: a PIX -> USDT order paid with "Simulate payment"
 * settles by itself, through the PSP's webhook and the automatic crypto payout.
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
  });
}
