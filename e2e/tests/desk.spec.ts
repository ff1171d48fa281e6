import { LOCALES } from '@permuta/contracts';
import { expect, openPage, signInAdmin, unexpectedErrors, url } from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import { adminApi, paidOrder } from './exchange-support.ts';
import { BOTH_WIDTHS, saveShots, test, text } from './support.ts';

for (const locale of LOCALES) {
  test.describe(`the order desk in ${locale}`, () => {
    test('a paid order appears without reload, the title counts it, and ticked orders are confirmed together', async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const admin = await adminApi(baseURL!);
      const { page, context, errors } = await openPage(browser, locale);
      await page.setViewportSize({ width: 1366, height: 900 });
      await signInAdmin(page, locale, E2E_ADMIN.username, E2E_ADMIN.password);

      // in-app: from the sidebar to the desk, only the orders waiting for their funds
      const nav = page.getByRole('navigation', { name: text(locale, 'nav.adminArea') });
      await nav.getByRole('link', { name: text(locale, 'pages.adminOrders.title') }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(locale, 'pages.adminOrders.title'),
      );
      await saveShots(page, `desk-${locale}-navigated`, BOTH_WIDTHS);
      await page.goto(url(locale, '/admin/orders?status=user_confirmed'));
      await expect(page.getByTestId('orders-total')).toBeVisible();
      // the title counts the work waiting ("(2) Pedidos"), and has no count when none is
      const titleCount = async () => Number(/^\((\d+)\)/.exec(await page.title())?.[1] ?? 0);

      // paid through the API while the desk is open: it shows up by itself
      const order = await paidOrder(baseURL!, admin, locale);
      await expect(page.getByTestId(`order-row-${order.reference}`)).toBeVisible({
        timeout: 40_000,
      });
      // this order waits at least (the other language's test adds and confirms its own orders
      // meanwhile, so the exact count is not this test's to know; the component test checks it)
      await expect.poll(titleCount, { timeout: 40_000 }).toBeGreaterThanOrEqual(1);

      // tick it, confirm after the dialog's count and total
      await page
        .getByRole('checkbox', {
          name: text(locale, 'adminOrders.bulk.tick').replace('{{reference}}', order.reference),
        })
        .check();
      await saveShots(page, `desk-${locale}-ticked`, BOTH_WIDTHS);
      const ticked = page.getByTestId('orders-bulk');
      await ticked.getByRole('button', { name: new RegExp(`\\(1\\)$`) }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByTestId('bulk-totals')).toContainText(
        locale === 'pt-BR' ? 'R$\u00a0250,00' : 'R$250.00',
      );
      await saveShots(page, `desk-${locale}-confirm-dialog`, BOTH_WIDTHS);
      await dialog
        .getByRole('button', {
          name: new RegExp(
            `^${text(locale, 'adminOrders.bulk.confirmGo_one').replace('{{count}}', '1')}$`,
          ),
        })
        .click();
      await expect(dialog.getByTestId('bulk-results')).toContainText(order.reference);
      await saveShots(page, `desk-${locale}-confirm-result`, BOTH_WIDTHS);
      const after = await admin.get(`/api/v1/admin/orders/${order.reference}`);
      expect(((await after.json()) as { status: string }).status).toBe('admin_confirmed');

      // the documents queue, from the sidebar, then fresh
      await page.keyboard.press('Escape');
      await nav.getByRole('link', { name: text(locale, 'pages.adminDocuments.title') }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(locale, 'pages.adminDocuments.title'),
      );
      await saveShots(page, `documents-${locale}-navigated`, BOTH_WIDTHS);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(locale, 'pages.adminDocuments.title'),
      );
      await saveShots(page, `documents-${locale}-fresh`, BOTH_WIDTHS);
      await page.goto(url(locale, '/admin/orders?sort=waiting'));
      await expect(page.getByTestId('orders-total')).toBeVisible();
      await saveShots(page, `desk-${locale}-fresh-waiting`, BOTH_WIDTHS);

      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
      await admin.dispose();
    });
  });
}
