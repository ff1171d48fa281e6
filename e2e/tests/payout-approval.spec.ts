import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { request } from '@playwright/test';
import { LOCALES, errorMessage } from '@permuta/contracts';
import { expect, openPage, signInAdmin, unexpectedErrors, url } from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import { HOLDING_RISK_LIMITS, adminApi, paidOrder, withSettings } from './exchange-support.ts';
import { BOTH_WIDTHS, saveShots, test, text } from './support.ts';

/** The risk limits' hold of an automatic payout (decision 043), approved by two admins. */

const STRONG = 'Ri5k!Approve';

// The settings are the whole server's: this spec runs on the API of the specs that change them,
// one test at a time (playwright.config.ts), and puts back what it changed for the next one.

for (const locale of LOCALES) {
  test.describe(`payout approval in ${locale}`, () => {
    test('a held payout shows why, refuses the same admin twice, and goes on the second admin', async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const admin = await adminApi(baseURL!);
      try {
        await withSettings(admin, HOLDING_RISK_LIMITS, () => walkThrough(admin));
      } finally {
        await admin.dispose();
      }

      async function walkThrough(admin: Awaited<ReturnType<typeof adminApi>>) {
        const order = await paidOrder(baseURL!, admin, locale, { confirmFunds: true });

        const { page, context, errors } = await openPage(browser, locale);
        await page.setViewportSize({ width: 1366, height: 900 });
        await signInAdmin(page, locale, E2E_ADMIN.username, E2E_ADMIN.password);
        await page.goto(url(locale, `/admin/orders/${order.reference}`));
        const hold = page.getByTestId('payout-hold');
        await expect(hold).toBeVisible();
        await expect(hold).toHaveAttribute('data-state', 'held');
        await expect(hold).toContainText(text(locale, 'adminOrders.hold.reasons.order_over_limit'));
        await expect(hold).toContainText(text(locale, 'adminOrders.hold.twoAdmins'));
        await saveShots(page, `payout-approval-${locale}-held`, BOTH_WIDTHS);

        // the first approval: one of two, with who
        const approve = hold.getByRole('button', {
          name: text(locale, 'adminOrders.hold.approve'),
        });
        await approve.click();
        await expect(hold.getByTestId('payout-hold-approvals')).toContainText(E2E_ADMIN.username);
        await saveShots(page, `payout-approval-${locale}-one-of-two`, BOTH_WIDTHS);

        // the same admin again: the API's refusal, in words
        await approve.click();
        await expect(hold.getByTestId('approve-payout-error')).toHaveText(
          errorMessage('PAYOUT_ALREADY_APPROVED', locale),
        );
        await saveShots(page, `payout-approval-${locale}-same-admin`, BOTH_WIDTHS);

        // a finance admin approves: the payout goes on its way
        const finance = `fin_${randomBytes(4).toString('hex')}`;
        const created = await admin.post('/api/v1/admin/admins', {
          data: {
            username: finance,
            adminRole: 'finance',
            password: STRONG,
            confirmPassword: STRONG,
          },
        });
        expect(created.status(), await created.text()).toBe(201);
        const second = await request.newContext({ baseURL });
        try {
          const signedIn = await second.post('/api/v1/admin/auth/sign-in', {
            data: { username: finance, password: STRONG },
          });
          expect(signedIn.status(), await signedIn.text()).toBe(200);
          const approved = await second.post(
            `/api/v1/admin/orders/${order.reference}/payout-approval`,
          );
          expect(approved.status(), await approved.text()).toBe(200);
        } finally {
          await second.dispose();
        }
        await page.reload();
        await expect(page.getByTestId('payout-hold')).toHaveAttribute('data-state', 'approved');
        await expect(page.getByTestId('payout-hold-approvals')).toContainText(finance);
        await expect(
          page.getByRole('button', { name: text(locale, 'adminOrders.hold.approve') }),
        ).toHaveCount(0);
        await saveShots(page, `payout-approval-${locale}-approved`, BOTH_WIDTHS);

        // the limits on the settings screen, in the admin's language
        await page.goto(url(locale, '/admin/general-settings'));
        const section = page.locator('section[aria-labelledby="settings-payout-risk"]');
        await expect(section).toContainText(text(locale, 'adminSettings.sections.payoutRisk'));
        await expect(
          section.getByLabel(text(locale, 'adminSettings.fields.payoutFirstOrdersHeld')),
        ).toHaveValue('0');
        if (process.env.SHOTS_DIR) {
          await section.screenshot({
            path: path.join(process.env.SHOTS_DIR, `payout-approval-${locale}-settings.png`),
          });
        }

        expect(unexpectedErrors(errors, [409])).toEqual([]);
        await context.close();
      }
    });
  });
}
