import { LOCALES } from '@permuta/contracts';
import { expect, openPage, signInAdmin, unexpectedErrors, url } from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import { saveShots, seriousAxeFindings, test, text } from './support.ts';

// The PIX integration is the whole server's: this spec runs on the API of the specs that change
// it, one test at a time (playwright.config.ts).

const SECRET = 'client-secret-typed-in-the-browser-0123';

for (const locale of LOCALES) {
  test(`the owner sets the PIX PSP's credentials, which are never shown again (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { page, errors } = await openPage(browser, locale);
    await signInAdmin(page, locale, E2E_ADMIN.username, E2E_ADMIN.password);

    // the admin menu leads to the screen
    await page
      .getByRole('navigation')
      .getByRole('link', { name: text(locale, 'pages.adminIntegrations.title') })
      .click();
    await expect(page).toHaveURL((u) => u.pathname === url(locale, '/admin/integrations'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(locale, 'pages.adminIntegrations.title'),
    );
    const pix = page.getByTestId('integration-pix');
    await expect(
      pix.getByRole('heading', { name: text(locale, 'adminIntegrations.providers.pix.title') }),
    ).toBeVisible();
    await expect(page.getByTestId('integration-deriv')).toBeVisible();
    await saveShots(page, `integrations-navigated-${locale}`);
    expect(await seriousAxeFindings(page), 'integrations').toEqual([]);

    const clientId = `permuta-${locale}`;
    await pix
      .getByLabel(text(locale, 'adminIntegrations.fields.apiUrl.label'), { exact: false })
      .fill('https://pix.example.com.br');
    await pix
      .getByLabel(text(locale, 'adminIntegrations.fields.clientId.label'), { exact: false })
      .fill(clientId);
    const secret = pix.getByLabel(text(locale, 'adminIntegrations.fields.clientSecret.label'), {
      exact: false,
    });
    await secret.fill(SECRET);
    await pix.getByRole('button', { name: text(locale, 'adminIntegrations.save') }).click();
    await expect(page.getByText(text(locale, 'adminIntegrations.saved'))).toBeVisible();
    await expect(pix.getByText(text(locale, 'adminIntegrations.configured'))).toBeVisible();

    // a fresh load: the settings are there, the secret is not (only that it is stored)
    await page.reload();
    const reloaded = page.getByTestId('integration-pix');
    await expect(
      reloaded.getByLabel(text(locale, 'adminIntegrations.fields.clientId.label'), {
        exact: false,
      }),
    ).toHaveValue(clientId);
    const stored = reloaded.getByLabel(
      text(locale, 'adminIntegrations.fields.clientSecret.label'),
      {
        exact: false,
      },
    );
    await expect(stored).toHaveValue('');
    await expect(stored).toHaveAttribute(
      'placeholder',
      text(locale, 'adminIntegrations.secretSet'),
    );
    expect(await page.content()).not.toContain(SECRET);
    await saveShots(page, `integrations-saved-${locale}`, [[1366, 900]]);

    // removing the secret leaves the provider not configured, and its test says so
    await reloaded
      .getByRole('button', {
        name: `${text(locale, 'adminIntegrations.remove').replace('{{field}}', text(locale, 'adminIntegrations.fields.clientSecret.label'))}`,
      })
      .click();
    await expect(reloaded.getByText(text(locale, 'adminIntegrations.notConfigured'))).toBeVisible();
    await reloaded.getByTestId('integration-pix-test').click();
    await expect(reloaded.getByTestId('integration-test-result')).toContainText(
      text(locale, 'adminIntegrations.results.incomplete'),
    );
    expect(unexpectedErrors(errors)).toEqual([]);
  });
}
