import { LOCALES } from '@permuta/contracts';
import { expect, openPage, signInAdmin, unexpectedErrors, url } from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import { adminApi, paidOrder, withSettings } from './exchange-support.ts';
import { BOTH_WIDTHS, saveShots, seriousAxeFindings, test, text } from './support.ts';

interface CaseItem {
  id: string;
}
interface CaseDetail {
  id: string;
  alerts: { orders: { reference: string }[] }[];
}

/**
 * The compliance page (decision 066): an order that breaks a rule (the first-month volume
 * threshold lowered to R$ 1 for the test: a settings change, so this spec runs on the isolated
 * API) opens a case; finance sees it from the menu's badge, reads the alert with its order,
 * writes a note and closes it with a confirmed decision, which a reload still shows.
 */
for (const locale of LOCALES) {
  test.describe(`the compliance page in ${locale}`, () => {
    test('a flagged order opens a case that an admin analyses and decides', async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const admin = await adminApi(baseURL!);
      const order = await withSettings(admin, { complianceFirstMonthBrl: '1' }, () =>
        paidOrder(baseURL!, admin, locale),
      );
      // the case of this order, as the API lists it
      const list = (await (
        await admin.get('/api/v1/admin/compliance/cases?status=open&rule=volume_spike&limit=100')
      ).json()) as { items: CaseItem[] };
      let caseId = '';
      for (const item of list.items) {
        const detail = (await (
          await admin.get(`/api/v1/admin/compliance/cases/${item.id}`)
        ).json()) as CaseDetail;
        if (detail.alerts.some((a) => a.orders.some((o) => o.reference === order.reference))) {
          caseId = detail.id;
        }
      }
      expect(caseId).not.toBe('');

      const { page, context, errors } = await openPage(browser, locale);
      await page.setViewportSize({ width: 1366, height: 900 });
      await signInAdmin(page, locale, E2E_ADMIN.username, E2E_ADMIN.password);

      // in-app: the menu's link, with the count of open cases
      const nav = page.getByRole('navigation', { name: text(locale, 'nav.adminArea') });
      const link = nav.getByRole('link', { name: text(locale, 'pages.adminCompliance.title') });
      await expect(link.getByTestId('nav-compliance-badge')).toBeVisible();
      await link.click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(locale, 'pages.adminCompliance.title'),
      );
      const row = page.getByTestId(`compliance-case-${caseId}`);
      await expect(row).toContainText(text(locale, 'adminCompliance.rules.volume_spike'));
      await saveShots(page, `compliance-${locale}-queue`, BOTH_WIDTHS);
      expect(await seriousAxeFindings(page)).toEqual([]);

      await row.getByRole('link').click();
      const panel = page.getByTestId('compliance-case');
      await expect(panel.getByRole('link', { name: order.reference })).toBeVisible();
      await panel
        .getByLabel(text(locale, 'adminCompliance.noteLabel'))
        .fill('Renda declarada confere com o volume.');
      await panel.getByRole('button', { name: text(locale, 'adminCompliance.addNote') }).click();
      await expect(panel).toContainText(text(locale, 'adminCompliance.statuses.under_analysis'));
      await expect(panel).toContainText('Renda declarada confere com o volume.');
      await saveShots(page, `compliance-${locale}-case`, BOTH_WIDTHS);
      expect(await seriousAxeFindings(page)).toEqual([]);

      await panel
        .getByLabel(text(locale, 'adminCompliance.dismissReason'))
        .fill('Volume compatível com a renda declarada.');
      await panel.getByRole('button', { name: text(locale, 'adminCompliance.decide') }).click();
      const dialog = page.getByRole('dialog', {
        name: text(locale, 'adminCompliance.confirmTitle'),
      });
      await expect(dialog).toBeVisible();
      expect(await seriousAxeFindings(page)).toEqual([]);
      await dialog.getByRole('button', { name: text(locale, 'adminCompliance.confirm') }).click();
      await expect(panel.getByTestId('compliance-decision')).toContainText(
        text(locale, 'adminCompliance.decisions.dismissed'),
      );

      // a fresh load of the case's address shows the same, decided
      await page.goto(url(locale, `/admin/compliance?case=${caseId}`));
      await expect(page.getByTestId('compliance-decision')).toContainText(
        'Volume compatível com a renda declarada.',
      );
      await expect(page.getByTestId('coaf-declaration-none')).toBeVisible();
      await saveShots(page, `compliance-${locale}-decided`, BOTH_WIDTHS);
      expect(await seriousAxeFindings(page)).toEqual([]);

      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
      await admin.dispose();
    });
  });
}
