import { LOCALES } from '@permuta/contracts';
import { expect, openPage, signInAdmin, unexpectedErrors, url } from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import { test, text, seriousAxeFindings } from './support.ts';

for (const locale of LOCALES) {
  test.describe(`admin audit log in ${locale}`, () => {
    test('an admin opens the audit log from the sidebar and finds their own sign-in', async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const { page, context, errors } = await openPage(browser, locale);
      await signInAdmin(page, locale, E2E_ADMIN.username, E2E_ADMIN.password);
      const nav = page.getByRole('navigation', { name: text(locale, 'nav.adminArea') });
      await nav.getByRole('link', { name: text(locale, 'pages.adminAudit.title') }).click();
      await expect(page).toHaveURL((u) => u.pathname === url(locale, '/admin/audit'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(locale, 'pages.adminAudit.title'),
      );
      await expect(page).toHaveTitle(new RegExp(`^${text(locale, 'pages.adminAudit.title')} - `));

      // the sign-in that just happened is on the first page, by this admin, in words
      const signIn = page
        .getByRole('row')
        .filter({ hasText: text(locale, 'adminAudit.actions.auth.sign_in') })
        .filter({ hasText: E2E_ADMIN.username })
        .first();
      await expect(signIn).toBeVisible();
      expect(await seriousAxeFindings(page), 'audit log').toEqual([]);
      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
    });
  });
}
