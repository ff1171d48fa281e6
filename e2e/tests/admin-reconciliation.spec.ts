import { LOCALES, addDays, reconciliationToday } from '@permuta/contracts';
import { formatMoney } from '@permuta/contracts/money';
import { expect, openPage, signInAdmin, unexpectedErrors, url } from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import { adminApi, paidOrder } from './exchange-support.ts';
import { BOTH_WIDTHS, saveShots, seriousAxeFindings, test, text } from './support.ts';

/**
 * The daily reconciliation report (decision 046): a PIX order whose funds an admin confirmed by
 * hand today (through the admin API, as the desk does) shows in today's PIX card as credited and
 * listed "confirmed by hand", linked to its order. The shared e2e server has no providers, so
 * the provider side is what it has (the inbox's seeded payments, e2e/seed-inbox.ts).
 */
for (const locale of LOCALES) {
  test.describe(`the daily reconciliation in ${locale}`, () => {
    test('today’s PIX card lists an order confirmed by hand, linked to the order', async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const admin = await adminApi(baseURL!);
      const order = await paidOrder(baseURL!, admin, locale, { confirmFunds: true });
      const today = reconciliationToday(new Date());

      // the API's own figures for today, to compare with the screen
      const api = await admin.get(`/api/v1/admin/reconciliation?day=${today}`);
      expect(api.status()).toBe(200);
      const report = (await api.json()) as {
        accounts: {
          key: string;
          credited: { sum: string };
          differences: { orderReference: string | null; reason: string }[];
        }[];
      };
      const pix = report.accounts.find((a) => a.key === 'pix:PIX');
      expect(
        pix?.differences.some(
          (d) => d.orderReference === order.reference && d.reason === 'confirmed_by_hand',
        ),
      ).toBe(true);

      const { page, context, errors } = await openPage(browser, locale);
      await page.setViewportSize({ width: 1366, height: 900 });
      await signInAdmin(page, locale, E2E_ADMIN.username, E2E_ADMIN.password);

      // in-app: the sidebar's link opens yesterday; the next day is today
      const nav = page.getByRole('navigation', { name: text(locale, 'nav.adminArea') });
      await nav
        .getByRole('link', { name: text(locale, 'pages.adminReconciliation.title') })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(locale, 'pages.adminReconciliation.title'),
      );
      await expect(page.getByLabel(text(locale, 'adminReconciliation.day'))).toHaveValue(
        addDays(today, -1),
      );
      await expect(
        page.getByTestId('reconciliation-empty').or(page.getByTestId('account-pix:PIX')).first(),
      ).toBeVisible();
      await saveShots(page, `reconciliation-${locale}-yesterday`, BOTH_WIDTHS);
      await page.getByRole('button', { name: text(locale, 'adminReconciliation.nextDay') }).click();
      await expect(page).toHaveURL(new RegExp(`day=${today}$`));
      await expect(
        page.getByRole('button', { name: text(locale, 'adminReconciliation.nextDay') }),
      ).toBeDisabled();

      const card = page.getByTestId('account-pix:PIX');
      const row = card.getByRole('row').filter({ hasText: order.reference });
      await expect(row).toContainText(
        text(locale, 'adminReconciliation.reasons.confirmed_by_hand'),
      );
      await expect(row).toContainText(formatMoney(order.amountSend, { code: 'PIX' }, locale));
      await saveShots(page, `reconciliation-${locale}-today-navigated`, BOTH_WIDTHS);

      // a fresh load of the same day shows the API's figures. Other specs on this server credit
      // PIX today at the same time (the other language's among them): the figure read from the
      // API and the page loaded after it agree unless an order landed in between, then again
      await expect(async () => {
        const now = (await (
          await admin.get(`/api/v1/admin/reconciliation?day=${today}`)
        ).json()) as { accounts: { key: string; credited: { sum: string } }[] };
        const credited = now.accounts.find((a) => a.key === 'pix:PIX')!.credited.sum;
        await page.reload();
        await expect(row).toBeVisible();
        await expect(card.getByTestId('figure-credited')).toContainText(
          formatMoney(credited, { code: 'PIX' }, locale),
          { timeout: 5_000 },
        );
      }).toPass({ timeout: 60_000 });
      await saveShots(page, `reconciliation-${locale}-today-reloaded`, BOTH_WIDTHS);
      expect(await seriousAxeFindings(page)).toEqual([]);

      // the order's link
      await row.getByRole('link', { name: order.reference }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(order.reference);

      // a day after today is refused in words, the way back offered
      await page.goto(url(locale, `/admin/reconciliation?day=${addDays(today, 1)}`));
      await expect(page.getByRole('alert')).toContainText(
        locale === 'pt-BR' ? 'ainda não chegou' : 'has not come yet',
      );
      await saveShots(page, `reconciliation-${locale}-future`);

      expect(unexpectedErrors(errors, [422])).toEqual([]);
      await context.close();
      await admin.dispose();
    });
  });
}
