import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { LOCALES } from '@permuta/contracts';
import {
  expect,
  fieldName,
  openPage,
  signInAdmin,
  unexpectedErrors,
  url,
  type Locale,
} from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import { BOTH_WIDTHS, saveShots, test, text, seriousAxeFindings } from './support.ts';

const STRONG = 'R0les!Strong';

const sidebar = (page: Page) => page.getByRole('navigation').first();

for (const locale of LOCALES as readonly Locale[]) {
  test.describe(`admin roles in ${locale}`, () => {
    test('an owner creates a finance admin; an operator cannot reach the settings', async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const suffix = randomBytes(3).toString('hex');
      const finance = `fin_${suffix}`;
      const operator = `op_${suffix}`;

      // the owner creates a finance admin through the form
      const owner = await openPage(browser, locale);
      await owner.page.setViewportSize({ width: 1366, height: 900 });
      await signInAdmin(owner.page, locale, E2E_ADMIN.username, E2E_ADMIN.password);
      await sidebar(owner.page)
        .getByRole('link', { name: text(locale, 'pages.adminNewAdmin.title') })
        .click();
      await expect(owner.page).toHaveURL((u) => u.pathname === url(locale, '/admin/new-admin'));
      const form = owner.page;
      await form.getByLabel(fieldName(text(locale, 'admin.fields.username'))).fill(finance);
      await form.getByLabel(fieldName(text(locale, 'admin.fields.password'))).fill(STRONG);
      await form.getByLabel(fieldName(text(locale, 'admin.fields.confirmPassword'))).fill(STRONG);
      // the role is a choice: without one the form says so in the page's language
      await form.getByRole('button', { name: text(locale, 'admin.newAdmin.submit') }).click();
      await expect(
        form.getByText(
          locale === 'pt-BR'
            ? 'Escolha o papel: proprietário, financeiro ou operador.'
            : 'Choose the role: owner, finance or operator.',
        ),
      ).toBeVisible();
      await form.getByLabel(fieldName(text(locale, 'admin.fields.role'))).selectOption('finance');
      await saveShots(form, `${locale}-new-admin-finance`, BOTH_WIDTHS);
      await form.getByRole('button', { name: text(locale, 'admin.newAdmin.submit') }).click();
      await expect(form.getByText(text(locale, 'messages.adminCreated'))).toBeVisible();
      const row = form.getByTestId(`admin-row-${finance}`);
      await expect(row).toContainText(text(locale, 'admin.roles.finance'));
      expect(await seriousAxeFindings(form), 'admins with roles').toEqual([]);
      await saveShots(form, `${locale}-admins-with-roles`, BOTH_WIDTHS);

      // and an operator, through the API the form uses
      const created = await form.request.post('/api/v1/admin/admins', {
        data: {
          username: operator,
          adminRole: 'operator',
          password: STRONG,
          confirmPassword: STRONG,
        },
      });
      expect(created.status(), await created.text()).toBe(201);

      // the operator: no settings in the sidebar, and the page itself says it is not allowed
      const op = await openPage(browser, locale);
      await op.page.setViewportSize({ width: 1366, height: 900 });
      const settingsCalls: number[] = [];
      op.page.on('response', (response) => {
        if (response.url().includes('/api/v1/admin/settings'))
          settingsCalls.push(response.status());
      });
      await signInAdmin(op.page, locale, operator, STRONG);
      const links = sidebar(op.page);
      await expect(
        links.getByRole('link', { name: text(locale, 'pages.adminOrders.title') }),
      ).toBeVisible();
      for (const hidden of ['adminGeneralSettings', 'adminManagerAdmins', 'adminTreasury']) {
        await expect(
          links.getByRole('link', { name: text(locale, `pages.${hidden}.title`), exact: true }),
        ).toHaveCount(0);
      }
      await op.page.goto(url(locale, '/admin/general-settings'));
      await expect(
        op.page.getByRole('heading', { name: text(locale, 'admin.access.notAllowedTitle') }),
      ).toBeVisible();
      await expect(op.page.getByTestId('not-allowed')).toContainText(
        text(locale, 'admin.roles.operator'),
      );
      expect(settingsCalls, 'the settings are not even asked for').toEqual([]);
      // the API refuses it too, in the page's language
      const refused = await op.page.request.get('/api/v1/admin/settings', {
        headers: { 'accept-language': locale },
      });
      expect(refused.status()).toBe(403);
      expect((await refused.json()).error.code).toBe('ADMIN_ROLE_FORBIDDEN');
      expect(await seriousAxeFindings(op.page), 'not allowed').toEqual([]);
      await saveShots(op.page, `${locale}-operator-settings-not-allowed`, BOTH_WIDTHS);
      // the way back leads to the dashboard; the own security page is open to every role
      await op.page
        .getByRole('link', { name: text(locale, 'admin.access.notAllowedBack') })
        .click();
      await expect(op.page).toHaveURL((u) => u.pathname === url(locale, '/admin'));
      await op.page
        .getByRole('link', { name: text(locale, 'admin.access.myAccount'), exact: true })
        .click();
      await expect(op.page).toHaveURL((u) => u.pathname === url(locale, '/admin/account/security'));
      await expect(op.page.getByTestId('two-factor-rule')).toBeVisible();
      await saveShots(op.page, `${locale}-operator-security-page`, BOTH_WIDTHS);

      // the finance admin signs in and finds the treasury, still not the settings
      const fin = await openPage(browser, locale);
      await signInAdmin(fin.page, locale, finance, STRONG);
      await expect(
        sidebar(fin.page).getByRole('link', { name: text(locale, 'pages.adminTreasury.title') }),
      ).toBeVisible();
      await expect(
        sidebar(fin.page).getByRole('link', {
          name: text(locale, 'pages.adminGeneralSettings.title'),
          exact: true,
        }),
      ).toHaveCount(0);

      expect(unexpectedErrors(owner.errors, [400])).toEqual([]);
      expect(unexpectedErrors(op.errors, [403])).toEqual([]);
      expect(unexpectedErrors(fin.errors)).toEqual([]);
      for (const tab of [owner, op, fin]) await tab.context.close();
    });
  });
}
