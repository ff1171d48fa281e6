import { LOCALES } from '@permuta/contracts';
import { formatMoney } from '@permuta/contracts/money';
import { expect, openPage, signInAdmin, unexpectedErrors, url } from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import { adminApi, pendingOrder, registerVerifiedCustomer } from './exchange-support.ts';
import { BOTH_WIDTHS, saveShots, seriousAxeFindings, test, text } from './support.ts';
import { inboxReference } from '../seed-inbox.ts';

/**
 * The inbox of incoming payments (decision 036, "The inbox"): a PIX payment of R$ 250,00 no
 * order took (seeded by the e2e server, e2e/seed-inbox.ts), attached by the admin to a pending
 * order of R$ 250,00, whose funds are then confirmed.
 */
for (const locale of LOCALES) {
  test.describe(`the incoming payments inbox in ${locale}`, () => {
    test('an unmatched payment is attached to a pending order, whose funds are confirmed', async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const admin = await adminApi(baseURL!);
      const customer = await registerVerifiedCustomer(baseURL!, admin, locale);
      const order = await pendingOrder(baseURL!, customer, locale);
      expect(order.amountSend).toMatch(/^250(\.0+)?$/);
      const brl = formatMoney('250', { code: 'PIX' }, locale);

      const { page, context, errors } = await openPage(browser, locale);
      await page.setViewportSize({ width: 1366, height: 900 });
      await signInAdmin(page, locale, E2E_ADMIN.username, E2E_ADMIN.password);

      // in-app: the sidebar's link, with the count of payments waiting
      const nav = page.getByRole('navigation', { name: text(locale, 'nav.adminArea') });
      const link = nav.getByRole('link', {
        name: new RegExp(`^${text(locale, 'pages.adminPayments.title')}`),
      });
      await expect(link.getByTestId('nav-payments-badge')).toBeVisible();
      await link.click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(locale, 'pages.adminPayments.title'),
      );
      const row = page.getByRole('row').filter({ hasText: inboxReference(locale) });
      await expect(row).toContainText(brl);
      await expect(row).toContainText(text(locale, 'adminPayments.reasons.no_order'));
      await saveShots(page, `payments-${locale}-navigated`, BOTH_WIDTHS);

      // attach: the order found by its reference, its amount next to the payment's
      await row.getByRole('button', { name: text(locale, 'adminPayments.attach.button') }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByRole('textbox', { name: text(locale, 'adminPayments.attach.reference') })
        .fill(order.reference);
      await dialog.getByRole('button', { name: text(locale, 'adminPayments.attach.find') }).click();
      await expect(dialog.getByTestId('attach-order-amount')).toContainText(brl);
      await expect(dialog.getByTestId('attach-payment-amount')).toContainText(brl);
      await expect(dialog.getByTestId('attach-difference')).toHaveCount(0);
      await saveShots(page, `payments-${locale}-attach-dialog`, BOTH_WIDTHS);
      await dialog
        .getByRole('button', { name: text(locale, 'adminPayments.attach.submit') })
        .click();
      await expect(dialog).toBeHidden();
      // it leaves the waiting list
      await expect(page.getByRole('row').filter({ hasText: inboxReference(locale) })).toHaveCount(
        0,
      );

      // every payment: credited, with its order's link, which shows the funds confirmed
      await page.goto(url(locale, '/admin/payments?status=all'));
      const credited = page.getByRole('row').filter({ hasText: inboxReference(locale) });
      await expect(credited).toContainText(text(locale, 'adminPayments.statuses.credited'));
      await saveShots(page, `payments-${locale}-fresh-all`, BOTH_WIDTHS);
      await credited.getByRole('link', { name: order.reference }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(order.reference);
      await expect(page.locator('[data-status="admin_confirmed"]').first()).toBeVisible();
      await saveShots(page, `payments-${locale}-order-confirmed`, BOTH_WIDTHS);
      const after = await admin.get(`/api/v1/admin/orders/${order.reference}`);
      const confirmed = (await after.json()) as { status: string; amountReceived: string };
      expect(confirmed.status).toBe('admin_confirmed');
      expect(confirmed.amountReceived).toMatch(/^250(\.0+)?$/);

      // attaching it again is refused by the server (the payment no longer waits)
      const payments = await admin.get('/api/v1/admin/payments?status=all&provider=pix&limit=100');
      const mine = (
        (await payments.json()) as { items: { id: string; reference: string }[] }
      ).items.find((p) => p.reference === inboxReference(locale));
      const again = await admin.post(`/api/v1/admin/payments/${mine!.id}/attach`, {
        data: { order: order.reference },
      });
      expect(again.status()).toBe(409);

      // a fresh load of the inbox
      await page.goto(url(locale, '/admin/payments'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(locale, 'pages.adminPayments.title'),
      );
      await expect(
        page.getByRole('combobox', { name: text(locale, 'adminPayments.filters.show') }),
      ).toBeVisible();
      // loaded: the waiting payments (the other language's may still wait), or none
      await expect(page.getByTestId('payments-empty').or(page.getByRole('table'))).toBeVisible();
      await saveShots(page, `payments-${locale}-fresh`, BOTH_WIDTHS);

      // the refunds stuck at the PSP (decision 048, "Mended"): chosen in-app, then loaded fresh
      const show = page.getByRole('combobox', { name: text(locale, 'adminPayments.filters.show') });
      await show.click();
      await page
        .getByRole('option', { name: text(locale, 'adminPayments.filters.refunds') })
        .click();
      await expect(page).toHaveURL(/[?&]status=refunds/);
      await expect(page.getByTestId('payments-empty').or(page.getByRole('table'))).toBeVisible();
      await page.goto(url(locale, '/admin/payments?status=refunds'));
      await expect(show).toHaveValue(text(locale, 'adminPayments.filters.refunds'));
      const stuck = page.getByTestId('payments-empty').or(page.getByRole('table'));
      await expect(stuck).toBeVisible();
      if (await page.getByTestId('payments-empty').isVisible()) {
        await expect(page.getByTestId('payments-empty')).toHaveText(
          text(locale, 'adminPayments.noRefundsStuck'),
        );
      }
      expect(await seriousAxeFindings(page)).toEqual([]);
      await saveShots(page, `payments-${locale}-refunds-stuck`, BOTH_WIDTHS);

      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
      await admin.dispose();
    });
  });
}
