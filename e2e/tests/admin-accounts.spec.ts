import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { LOCALES } from '@permuta/contracts';
import {
  expect,
  fieldName,
  openPage,
  signInAdmin,
  signOutAdmin,
  unexpectedErrors,
  url,
} from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import { test, text, seriousAxeFindings } from './support.ts';

const STRONG = 'Adm1n!Strong';

for (const locale of LOCALES) {
  test.describe(`back-office admins in ${locale}`, () => {
    test('an admin registers, edits and deletes (after confirming) another admin', async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const { page, context, errors } = await openPage(browser, locale);
      await signInAdmin(page, locale, E2E_ADMIN.username, E2E_ADMIN.password);
      expect(await seriousAxeFindings(page), 'dashboard').toEqual([]);

      // the sidebar leads to the new-admin form
      await page
        .getByRole('navigation')
        .getByRole('link', { name: text(locale, 'pages.adminNewAdmin.title') })
        .click();
      await expect(page).toHaveURL((u) => u.pathname === url(locale, '/admin/new-admin'));
      const username = `ops_${randomBytes(3).toString('hex')}`;

      // the shared rules apply before anything is sent
      await page.getByLabel(fieldName(text(locale, 'admin.fields.username'))).fill(username);
      await page.getByLabel(fieldName(text(locale, 'admin.fields.password'))).fill(STRONG);
      await page
        .getByLabel(fieldName(text(locale, 'admin.fields.confirmPassword')))
        .fill(`${STRONG}x`);
      await page.getByLabel(fieldName(text(locale, 'admin.fields.role'))).selectOption('operator');
      await page.getByRole('button', { name: text(locale, 'admin.newAdmin.submit') }).click();
      await expect(
        page.getByText(
          locale === 'pt-BR' ? 'As senhas não coincidem.' : 'The passwords did not match.',
        ),
      ).toBeVisible();
      expect(await seriousAxeFindings(page), 'new admin with errors').toEqual([]);

      await page.getByLabel(fieldName(text(locale, 'admin.fields.confirmPassword'))).fill(STRONG);
      await page.getByLabel(fieldName(text(locale, 'admin.fields.name'))).fill('Ana Operações');
      await page.getByRole('button', { name: text(locale, 'admin.newAdmin.submit') }).click();
      await expect(page.getByText(text(locale, 'messages.adminCreated'))).toBeVisible();
      await expect(page).toHaveURL((u) => u.pathname === url(locale, '/admin/manager-admins'));
      const row = page.getByTestId(`admin-row-${username}`);
      await expect(row).toContainText('Ana Operações');
      expect(await seriousAxeFindings(page), 'admins list').toEqual([]);

      // edit: rename
      const renamed = `${username}_b`;
      await row
        .getByRole('button', { name: new RegExp(text(locale, 'admin.common.edit')) })
        .click();
      const editDialog = page.getByRole('dialog');
      await expect(editDialog).toBeVisible();
      expect(await seriousAxeFindings(page), 'edit dialog').toEqual([]);
      await editDialog.getByLabel(fieldName(text(locale, 'admin.fields.username'))).fill(renamed);
      await editDialog.getByRole('button', { name: text(locale, 'admin.common.save') }).click();
      await expect(page.getByText(text(locale, 'admin.admins.updated'))).toBeVisible();
      await expect(page.getByTestId(`admin-row-${renamed}`)).toBeVisible();
      await expect(page.getByTestId(`admin-row-${username}`)).toHaveCount(0);

      // one's own row offers no delete (the API refuses it too)
      await expect(
        page
          .getByTestId(`admin-row-${E2E_ADMIN.username}`)
          .getByRole('button', { name: new RegExp(text(locale, 'admin.common.delete')) }),
      ).toHaveCount(0);
      await expect(page.getByTestId(`admin-row-${E2E_ADMIN.username}`)).toBeVisible();

      // delete: cancel keeps it, confirm removes it
      const renamedRow = page.getByTestId(`admin-row-${renamed}`);
      await renamedRow
        .getByRole('button', { name: new RegExp(text(locale, 'admin.common.delete')) })
        .click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: text(locale, 'admin.common.cancel') })
        .click();
      await expect(renamedRow).toBeVisible();
      await renamedRow
        .getByRole('button', { name: new RegExp(text(locale, 'admin.common.delete')) })
        .click();
      const deleteDialog = page.getByRole('dialog');
      await expect(deleteDialog).toContainText(renamed);
      await deleteDialog
        .getByRole('button', { name: text(locale, 'admin.admins.deleteAction') })
        .click();
      await expect(renamedRow).toHaveCount(0);

      expect(unexpectedErrors(errors, [409])).toEqual([]);
      await context.close();
    });

    test('an admin sets up two-factor and then signs in with the code', async ({ browser }) => {
      test.setTimeout(120_000);
      const opened: Awaited<ReturnType<typeof openPage>>[] = [];
      /** every sign-in in a fresh browser context, as on another visit */
      const visit = async () => {
        const tab = await openPage(browser, locale);
        opened.push(tab);
        return tab.page;
      };
      // a fresh admin, so that the shared e2e admin keeps signing in with its password only
      const first = await visit();
      await signInAdmin(first, locale, E2E_ADMIN.username, E2E_ADMIN.password);
      const username = `tfa_${randomBytes(3).toString('hex')}`;
      const created = await first.request.post('/api/v1/admin/admins', {
        data: { username, adminRole: 'operator', password: STRONG, confirmPassword: STRONG },
      });
      expect(created.status(), await created.text()).toBe(201);

      const page = await visit();
      await signInAdmin(page, locale, username, STRONG);
      // the admin's own security page, from the header
      await page
        .getByRole('link', { name: text(locale, 'admin.access.myAccount'), exact: true })
        .click();
      await expect(page).toHaveURL((u) => u.pathname === url(locale, '/admin/account/security'));
      const security = page.locator('#security');
      await expect(security).toContainText(text(locale, 'admin.security.statusOff'));
      await security.getByLabel(fieldName(text(locale, 'admin.security.password'))).fill(STRONG);
      await security.getByRole('button', { name: text(locale, 'admin.security.enable') }).click();
      await expect(
        security.getByRole('img', { name: text(locale, 'admin.security.qrAlt') }),
      ).toBeVisible();
      const secret = await security.getByTestId('totp-secret').getAttribute('data-secret');
      expect(secret).toBeTruthy();
      const recovery = (await security.getByTestId('recovery-codes').innerText())
        .trim()
        .split('\n');
      expect(recovery.length).toBeGreaterThanOrEqual(5);
      expect(await seriousAxeFindings(page), 'two-factor set-up').toEqual([]);

      // a wrong code is refused, the right one turns it on
      await security.getByLabel(fieldName(text(locale, 'admin.security.code'))).fill('000000');
      await security.getByRole('button', { name: text(locale, 'admin.security.activate') }).click();
      const current = await generate({ secret: secret! });
      if (current !== '000000') await expect(security.getByRole('alert')).toBeVisible();
      await security
        .getByLabel(fieldName(text(locale, 'admin.security.code')))
        .fill(await generate({ secret: secret! }));
      await security.getByRole('button', { name: text(locale, 'admin.security.activate') }).click();
      await expect(page.getByText(text(locale, 'admin.security.enabled'))).toBeVisible();
      await expect(security).toContainText(text(locale, 'admin.security.statusOn'));
      await signOutAdmin(page, locale);

      // the password alone is no longer enough; the code of the app is
      const again = await visit();
      await signInAdmin(again, locale, username, STRONG, () => generate({ secret: secret! }));
      await again.goto(url(locale, '/admin/account/security'));
      await expect(again.locator('#security')).toContainText(
        text(locale, 'admin.security.statusOn'),
      );

      // a recovery code works too
      await signInAdmin(await visit(), locale, username, STRONG, async () => recovery[0]!);

      for (const tab of opened) {
        // 400: the wrong code refused on purpose
        expect(unexpectedErrors(tab.errors, [400])).toEqual([]);
        await tab.context.close();
      }
    });
  });
}
