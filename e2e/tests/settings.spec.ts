import { randomBytes } from 'node:crypto';
import { LOCALES, SETTINGS_SUCCESS_MESSAGES, fieldMessage, formatMoney } from '@permuta/contracts';
import { expect, fieldName, openPage, signInAdmin, unexpectedErrors, url } from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import { pickOption } from './exchange-support.ts';
import { test, text, seriousAxeFindings } from './support.ts';

// The settings row is the whole server's (the support e-mail and the PIX maximum are what the
// public pages show): this spec runs on the API of the specs that change it, one test at a time
// (playwright.config.ts), and puts back what it changed.

/** A PIX maximum no other browser test comes near (they receive a few hundred BRL at most). */
const PIX_MAX: Record<(typeof LOCALES)[number], string> = { 'pt-BR': '41000', 'en-US': '42500' };

for (const locale of LOCALES) {
  test(`an admin changes the support e-mail and the PIX maximum, visitors see it (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const admin = await openPage(browser, locale);
    const { page } = admin;
    await signInAdmin(page, locale, E2E_ADMIN.username, E2E_ADMIN.password);
    const original = (await (await page.request.get('/api/v1/admin/settings')).json()) as {
      supportEmail: string | null;
      pixMaxReceive: string;
    };
    const email = `suporte.${randomBytes(3).toString('hex')}@permuta.example`;

    try {
      // the admin menu leads to the screen
      await page
        .getByRole('navigation')
        .getByRole('link', { name: text(locale, 'pages.adminGeneralSettings.title') })
        .click();
      await expect(page).toHaveURL((u) => u.pathname === url(locale, '/admin/general-settings'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(locale, 'pages.adminGeneralSettings.title'),
      );
      const supportEmail = page.getByLabel(
        fieldName(text(locale, 'adminSettings.fields.supportEmail')),
      );
      await expect(supportEmail).toHaveValue(original.supportEmail ?? '');
      expect(await seriousAxeFindings(page), 'general settings').toEqual([]);

      // the shared rules refuse a wrong value on its field before anything is sent
      await supportEmail.fill('suporte@');
      await page.getByRole('button', { name: text(locale, 'adminSettings.save') }).click();
      await expect(page.getByTestId('settings-check-form')).toHaveText(
        text(locale, 'messages.checkForm'),
      );
      await expect(page.getByText(fieldMessage('email.invalid', locale))).toBeVisible();
      await expect(supportEmail).toBeFocused();
      expect(await seriousAxeFindings(page), 'general settings with errors').toEqual([]);

      await supportEmail.fill(email);
      const pixMax = page.getByLabel(fieldName(text(locale, 'adminSettings.fields.pixMaxReceive')));
      await pixMax.fill(PIX_MAX[locale]);
      await expect(page.getByText(text(locale, 'adminSettings.unsaved'))).toBeVisible();
      await page.getByRole('button', { name: text(locale, 'adminSettings.save') }).click();
      await expect(page.getByText(SETTINGS_SUCCESS_MESSAGES.saved[locale])).toBeVisible();
      await expect(page.getByText(text(locale, 'adminSettings.noChanges'))).toBeVisible();

      // the change is in the history, with who made it
      const history = page.getByTestId('settings-history');
      const latest = history.locator('tbody tr').first();
      await expect(latest).toContainText(E2E_ADMIN.username);
      await expect(latest).toContainText(email);
      await expect(latest).toContainText(text(locale, 'adminSettings.fields.pixMaxReceive'));

      // visitors: the public settings and the calculator's limit, at once
      const visitor = await openPage(browser, locale);
      const publicSettings = await (await visitor.page.request.get('/api/v1/settings')).json();
      expect(publicSettings).toMatchObject({ supportEmail: email, pixMaxReceive: PIX_MAX[locale] });
      expect(JSON.stringify(publicSettings)).not.toContain('pixKey');

      await visitor.page.goto(url(locale, '/'));
      await pickOption(visitor.page, text(locale, 'calculator.send'), /^USDT/);
      await pickOption(visitor.page, text(locale, 'calculator.receive'), 'Real (PIX)');
      await pickOption(visitor.page, text(locale, 'calculator.network'), /TRC20/);
      await visitor.page
        .getByRole('textbox', { name: text(locale, 'calculator.amountReceive') })
        .fill(String(Number(PIX_MAX[locale]) + 100));
      await expect(visitor.page.getByTestId('quote-error')).toHaveText(
        locale === 'pt-BR'
          ? `O máximo para receber é ${formatMoney(PIX_MAX[locale], { code: 'BRL' }, locale)}.`
          : `The maximum to receive is ${formatMoney(PIX_MAX[locale], { code: 'BRL' }, locale)}.`,
      );
      expect(unexpectedErrors(visitor.errors, [422]), 'visitor console').toEqual([]);
      await visitor.context.close();
    } finally {
      // leave the demo settings as they were for the next spec on this server
      const restored = await page.request.patch('/api/v1/admin/settings', {
        data: { supportEmail: original.supportEmail, pixMaxReceive: original.pixMaxReceive },
      });
      expect(restored.status(), await restored.text()).toBe(200);
    }
    expect(unexpectedErrors(admin.errors), 'admin console').toEqual([]);
    await admin.context.close();
  });
}
