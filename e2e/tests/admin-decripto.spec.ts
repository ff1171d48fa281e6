import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { LOCALES } from '@permuta/contracts';
import { formatBrl } from '@permuta/contracts/money';
import { expect, openPage, signInAdmin, unexpectedErrors } from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import { adminApi } from './exchange-support.ts';
import { BOTH_WIDTHS, saveShots, seriousAxeFindings, test, text } from './support.ts';

/**
 * The DeCripto monthly reports (decision 067): reached from the sidebar, the notice that the
 * official layout is not verified, a new version generated on the screen, its file downloaded
 * with the checksum the screen shows, a receipt recorded, and the page after a reload. Each
 * language works on its own month, so the two runs never mark each other's version.
 */
const MONTH: Record<(typeof LOCALES)[number], string> = { 'pt-BR': '2026-08', 'en-US': '2026-07' };

for (const locale of LOCALES) {
  test.describe(`the DeCripto reports in ${locale}`, () => {
    test('generates, downloads with its checksum and records a receipt', async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const month = MONTH[locale];
      const admin = await adminApi(baseURL!);
      const { page, context, errors } = await openPage(browser, locale);
      await page.setViewportSize({ width: 1366, height: 900 });
      await signInAdmin(page, locale, E2E_ADMIN.username, E2E_ADMIN.password);

      // in-app: the sidebar's link
      const nav = page.getByRole('navigation', { name: text(locale, 'nav.adminArea') });
      await nav.getByRole('link', { name: text(locale, 'pages.adminDecripto.title') }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(locale, 'pages.adminDecripto.title'),
      );
      await expect(page.getByTestId('layout-notice')).toContainText('ADE Copes nº 2/2026');
      const card = page.getByTestId(`month-${month}`);
      await expect(card).toBeVisible();
      await saveShots(page, `decripto-${locale}-navigated`, BOTH_WIDTHS);

      // generate a version on the screen
      await card
        .getByRole('button', {
          name: text(locale, 'adminDecripto.generateOf').replace('{{month}}', month),
        })
        .click();
      const listed = await admin.get('/api/v1/admin/decripto');
      expect(listed.status()).toBe(200);
      await expect(async () => {
        const months = (await (await admin.get('/api/v1/admin/decripto')).json()) as {
          months: { month: string; versions: { version: number; generatedByName: string }[] }[];
        };
        const newest = months.months.find((m) => m.month === month)?.versions[0];
        expect(newest?.generatedByName).toBe(E2E_ADMIN.username);
        await expect(card.getByTestId(`version-${month}-${newest!.version}`)).toBeVisible({
          timeout: 2_000,
        });
      }).toPass({ timeout: 30_000 });
      const months = (await (await admin.get('/api/v1/admin/decripto')).json()) as {
        months: {
          month: string;
          versions: { version: number; sha256: string; totalValueBrl: string }[];
        }[];
      };
      const version = months.months.find((m) => m.month === month)!.versions[0]!;
      const row = card.getByTestId(`version-${month}-${version.version}`);
      await expect(row.getByTestId('checksum')).toHaveText(version.sha256);
      await expect(row).toContainText(formatBrl(version.totalValueBrl, locale));

      // the download is the archived file: same SHA-256 as on the screen
      const downloading = page.waitForEvent('download');
      await row
        .getByRole('button', {
          name: text(locale, 'adminDecripto.downloadOf')
            .replace('{{version}}', String(version.version))
            .replace('{{month}}', month),
        })
        .click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`decripto-${month}-v${version.version}.csv`);
      const bytes = readFileSync((await download.path())!);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(version.sha256);
      expect(bytes.toString('utf8')).toContain(`H,permuta-decripto-1,${month},`);

      // the receipt (the e2e admin is an owner)
      await row.getByRole('button', { name: text(locale, 'adminDecripto.markSent') }).click();
      await row.getByLabel(text(locale, 'adminDecripto.receipt')).fill(`E2E-${version.version}`);
      await row.getByRole('button', { name: text(locale, 'adminDecripto.confirmSent') }).click();
      await expect(row).toContainText(`E2E-${version.version}`);
      await expect(row).toContainText(text(locale, 'adminDecripto.states.sent'));

      // a fresh load shows the same
      await page.reload();
      await expect(page.getByTestId(`version-${month}-${version.version}`)).toContainText(
        `E2E-${version.version}`,
      );
      await saveShots(page, `decripto-${locale}-reloaded`, BOTH_WIDTHS);
      expect(await seriousAxeFindings(page)).toEqual([]);

      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
      await admin.dispose();
    });
  });
}
