import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { LOCALES } from '@permuta/contracts';
import {
  expect,
  openPage,
  signInCustomer,
  unexpectedErrors,
  url,
  type Locale,
} from './back-office.ts';
import {
  adminApi,
  completedOrder,
  pendingOrder,
  registerVerifiedCustomer,
} from './exchange-support.ts';
import { saveShots, test, text, seriousAxeFindings } from './support.ts';

/** Labels of visible buttons and badges that do not fit in them (cut, or past the screen). */
function cutLabels(page: Page): Promise<string[]> {
  return page.locator('.mantine-Button-label, .mantine-Badge-label').evaluateAll((labels) =>
    labels
      .filter((label) => {
        const box = label.getBoundingClientRect();
        if (box.width === 0) return false;
        return (
          label.scrollWidth > label.clientWidth + 1 ||
          box.right > label.ownerDocument.documentElement.clientWidth
        );
      })
      .map((label) => label.textContent ?? ''),
  );
}

/** Whether the page scrolls sideways (something wider than the screen). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => {
    // this project's types have no DOM
    const root = (
      globalThis as unknown as {
        document: { documentElement: { scrollWidth: number; clientWidth: number } };
      }
    ).document.documentElement;
    return root.scrollWidth > root.clientWidth;
  });

/** Opens a screen of the customer area from its menu (behind a disclosure on a phone). */
async function customerNav(page: Page, locale: Locale, titleKey: string) {
  const name = text(locale, 'nav.customerArea');
  const visible = page.getByRole('navigation', { name }).filter({ visible: true }).first();
  if (!(await visible.isVisible())) await page.locator('summary', { hasText: name }).click();
  await page
    .getByRole('navigation', { name })
    .filter({ visible: true })
    .first()
    .getByRole('link', { name: text(locale, titleKey) })
    .click();
}

test.use({ actionTimeout: 20_000 });

for (const locale of LOCALES) {
  test(`my orders as cards on a phone, receipt, history CSV and my wallets (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const admin = await adminApi(baseURL!);
    const customer = await registerVerifiedCustomer(baseURL!, admin, locale);
    const completed = await completedOrder(baseURL!, admin, customer, locale);
    const pending = await pendingOrder(baseURL!, customer, locale);
    const { page, context, errors } = await openPage(browser, locale);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInCustomer(page, locale, customer);

    // --- my orders on a phone: every field of every card on screen, no sideways scroll ------
    await customerNav(page, locale, 'pages.profileMyOrders.title');
    const table = page.getByTestId('orders-table');
    await expect(table.getByRole('link', { name: completed.reference })).toBeVisible();
    await saveShots(page, `my-orders-390-${locale}-nav`);
    expect(await scrollsSideways(page)).toBe(false);
    for (const reference of [completed.reference, pending.reference]) {
      const row = table.locator('tbody tr').filter({ hasText: reference });
      for (const cell of await row.locator('td').all()) {
        const box = await cell.boundingBox();
        expect(box, `${reference} cell`).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      }
      // each card cell names its column through CSS (::before with the cell's data-label)
      const receive = row.locator(`td[data-label="${text(locale, 'orders.list.receive')}"]`);
      await expect(receive).toBeVisible();
      expect(
        await receive.evaluate(
          (cell) => cell.ownerDocument.defaultView?.getComputedStyle(cell, '::before').content,
        ),
      ).toBe(`"${text(locale, 'orders.list.receive')}"`);
      await expect(row.getByTestId('order-status')).toBeVisible();
      // the reference on one line
      const lines = await row
        .getByRole('link', { name: reference })
        .evaluate((link) => link.getClientRects().length);
      expect(lines).toBe(1);
    }
    await expect(table.locator('tbody tr').filter({ hasText: completed.reference })).toContainText(
      locale === 'pt-BR' ? 'R$\u00a0' : 'R$',
    );

    // --- the history as CSV --------------------------------------------------------------
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: text(locale, 'orders.list.export') }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(
      locale === 'pt-BR' ? /^historico-\d{8}\.csv$/ : /^history-\d{8}\.csv$/,
    );
    const content = readFileSync((await csv.path())!, 'utf8');
    expect(content).toContain(completed.reference);
    expect(content).toContain(pending.reference);
    if (locale === 'pt-BR') expect(content.startsWith('\uFEFFpedido;')).toBe(true);
    else expect(content.startsWith('reference,')).toBe(true);

    // fresh load of the list on a phone
    await page.reload();
    await expect(table.getByRole('link', { name: completed.reference })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await cutLabels(page)).toEqual([]);
    await saveShots(page, `my-orders-390-${locale}-fresh`);

    // --- the receipt of the completed order ---------------------------------------------------
    await table.getByRole('link', { name: completed.reference }).click();
    const receiptButton = page.getByRole('button', { name: text(locale, 'orders.receiptPdf') });
    await expect(receiptButton).toBeVisible();
    const pdfDownload = page.waitForEvent('download');
    await receiptButton.click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe(
      `${locale === 'pt-BR' ? 'comprovante' : 'receipt'}-${completed.reference}.pdf`,
    );
    expect(
      readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // on a phone every button and badge says all of its label ("Baixar nosso comprovante de pa"
    // was cut)
    await expect(page.getByTestId('download-payment-proof')).toBeVisible();
    expect(await cutLabels(page)).toEqual([]);
    await saveShots(page, `order-completed-390-${locale}-nav`);

    // --- my wallets, from the menu --------------------------------------------------------
    await page.goto(url(locale, '/profile/account'));
    await customerNav(page, locale, 'pages.profileMyWallets.title');
    await expect(page).toHaveURL(
      (current) => current.pathname === url(locale, '/profile/my-wallets'),
    );
    const list = page.getByTestId('my-wallets');
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list).toContainText('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    await expect(list).toContainText(text(locale, 'wallets.list.kind.pix'));
    expect(await scrollsSideways(page)).toBe(false);
    await saveShots(page, `my-wallets-390-${locale}-nav`);
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.reload();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await saveShots(page, `my-wallets-1366-${locale}-fresh`);
    // the wide menu in sections, each named, the wallet screens under theirs
    const menu = page
      .getByRole('navigation', { name: text(locale, 'nav.customerArea') })
      .filter({ visible: true });
    const wallets = menu.getByRole('region', { name: text(locale, 'nav.profileGroups.wallets') });
    await expect(
      wallets.getByRole('link', { name: text(locale, 'pages.profileMyWallets.title') }),
    ).toBeVisible();
    await expect(
      menu
        .getByRole('region', { name: text(locale, 'nav.profileGroups.security') })
        .getByRole('link', { name: text(locale, 'pages.profilePrivacy.title') }),
    ).toBeVisible();

    // edit leads to the edit screen with that wallet chosen
    await list
      .getByRole('link', { name: new RegExp(`USDT \\(TRC20\\)`) })
      .first()
      .click();
    await expect(page).toHaveURL(
      (current) =>
        current.pathname === url(locale, '/profile/edit-wallet') && current.searchParams.has('id'),
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(locale, 'pages.profileEditWallet.title'),
    );

    // the list and the order page on a wide screen, after in-app navigation and fresh
    await customerNav(page, locale, 'pages.profileMyOrders.title');
    await expect(table.getByRole('link', { name: completed.reference })).toBeVisible();
    await expect(table.locator('thead')).toBeVisible();
    await saveShots(page, `my-orders-1366-${locale}-nav`);
    await customerNav(page, locale, 'pages.profileMyWallets.title');
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await saveShots(page, `my-wallets-1366-${locale}-nav`);
    await page.goto(url(locale, `/profile/my-orders/${completed.reference}`));
    await expect(
      page.getByRole('button', { name: text(locale, 'orders.receiptPdf') }),
    ).toBeVisible();
    await saveShots(page, `order-completed-1366-${locale}-fresh`);
    await page.goto(url(locale, '/profile/my-orders'));
    await expect(table.getByRole('link', { name: completed.reference })).toBeVisible();
    await saveShots(page, `my-orders-1366-${locale}-fresh`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url(locale, '/profile/my-wallets'));
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await saveShots(page, `my-wallets-390-${locale}-fresh`);

    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
    await admin.dispose();
  });
}
