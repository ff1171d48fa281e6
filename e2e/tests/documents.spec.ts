import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { LOCALES } from '@permuta/contracts';
import {
  expect,
  fieldName,
  openPage,
  registerConfirmedCustomer,
  seriousAxeFindings,
  signInAdmin,
  signInCustomer,
  unexpectedErrors,
  url,
  type Locale,
} from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import { test, text } from './support.ts';

/** A colour photo-like PNG of some hundred kilobytes (noise does not compress). */
async function colourPng(): Promise<Buffer> {
  const width = 320;
  const height = 240;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Slows the page's uploads down so that the progress bar is seen moving. */
async function throttleUploads(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 96 * 1024,
  });
}

async function uploadNationalId(page: Page, locale: Locale, name: string) {
  const card = page.getByTestId('document-card-national_id');
  // every value the progress bar shows, recorded in the page (the upload may end before a poll)
  await page.evaluate(`(() => {
    const seen = [];
    window.progressSeen = seen;
    const record = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"]')) {
        const value = Number(bar.getAttribute('aria-valuenow'));
        if (seen.at(-1) !== value) seen.push(value);
      }
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  })()`);
  const chooser = page.waitForEvent('filechooser');
  await card.getByTestId('upload-national_id').click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: await colourPng() });
  const bar = card.getByRole('progressbar', {
    name: text(locale, 'documents.progressLabel').replace(
      '{{document}}',
      text(locale, 'documents.types.national_id.title'),
    ),
  });
  await expect(page.getByText(text(locale, 'messages.documentsUpdated'))).toBeVisible();
  await expect(bar).toHaveCount(0);
  // the bar started at 0 and moved while the file was sent
  const seen = (await page.evaluate('window.progressSeen')) as number[];
  expect(seen[0]).toBe(0);
  expect(
    seen.some((value) => value > 0 && value < 100),
    `progress seen: ${seen.join(', ')}`,
  ).toBe(true);
}

for (const locale of LOCALES) {
  test(`documents: a customer uploads, an admin rejects, the customer re-uploads, the admin approves (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const customerTab = await openPage(browser, locale);
    const adminTab = await openPage(browser, locale);
    const customer = await registerConfirmedCustomer(customerTab.page, locale);
    const page = customerTab.page;

    await signInCustomer(page, locale, customer);
    // the customer area's menu leads to the documents
    await page
      .getByRole('navigation', { name: text(locale, 'nav.customerArea') })
      .getByRole('link', { name: text(locale, 'pages.profileDocuments.title') })
      .click();
    await expect(page).toHaveURL((u) => u.pathname === url(locale, '/profile/documents'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(locale, 'pages.profileDocuments.title'),
    );
    await expect(page.getByText(text(locale, 'documents.rules.format'))).toBeVisible();
    const card = page.getByTestId('document-card-national_id');
    await expect(card.getByTestId('document-status')).toHaveText(
      text(locale, 'documents.status.missing'),
    );
    expect(await seriousAxeFindings(page), 'documents, nothing sent').toEqual([]);

    // the browser refuses what the server would refuse, before uploading
    const chooser = page.waitForEvent('filechooser');
    await card.getByTestId('upload-national_id').click();
    await (
      await chooser
    ).setFiles({ name: 'id.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(card.getByRole('alert')).toHaveText(
      locale === 'pt-BR'
        ? 'Envie um arquivo JPG, JPEG, PNG ou PDF.'
        : 'Send a JPG, JPEG, PNG or PDF file.',
    );

    await throttleUploads(page);
    await uploadNationalId(page, locale, 'rg-frente.png');
    await expect(card.getByTestId('document-status')).toHaveText(
      text(locale, 'documents.status.uploaded'),
    );
    await expect(card).toContainText('rg-frente.png');
    expect(await seriousAxeFindings(page), 'documents, one sent').toEqual([]);

    // the admin finds the customer and rejects the document with a reason
    const admin = adminTab.page;
    await signInAdmin(admin, locale, E2E_ADMIN.username, E2E_ADMIN.password);
    await admin
      .getByRole('navigation')
      .getByRole('link', { name: text(locale, 'pages.adminManagerCustomers.title') })
      .click();
    await admin.getByLabel(fieldName(text(locale, 'admin.customers.search'))).fill(customer.email);
    const link = admin.getByRole('link', { name: customer.name });
    await expect(link).toBeVisible();
    expect(await seriousAxeFindings(admin), 'customers list').toEqual([]);
    await link.click();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText(customer.name);
    const row = admin.getByTestId('document-national_id').first();
    await expect(row).toContainText(text(locale, 'documents.status.uploaded'));
    expect(await seriousAxeFindings(admin), 'customer detail').toEqual([]);
    await row.getByRole('button', { name: text(locale, 'admin.customer.reject') }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: text(locale, 'admin.customer.reject') }).click();
    await expect(dialog).toContainText(
      locale === 'pt-BR'
        ? 'Explique ao cliente o motivo (pelo menos 5 caracteres).'
        : 'Tell the customer why (at least 5 characters).',
    );
    const reason = locale === 'pt-BR' ? 'A foto está desfocada.' : 'The photo is blurred.';
    await dialog.getByLabel(fieldName(text(locale, 'admin.customer.reason'))).fill(reason);
    await dialog.getByRole('button', { name: text(locale, 'admin.customer.reject') }).click();
    await expect(admin.getByText(text(locale, 'admin.customer.rejected'))).toBeVisible();
    await expect(row).toContainText(text(locale, 'documents.status.rejected'));
    await expect(row).toContainText(reason);

    // the customer sees why and sends it again
    await page.reload();
    await expect(card.getByTestId('document-status')).toHaveText(
      text(locale, 'documents.status.rejected'),
    );
    await expect(card.getByTestId('rejection-reason')).toHaveText(reason);
    await uploadNationalId(page, locale, 'rg-nitido.png');
    await expect(card.getByTestId('document-status')).toHaveText(
      text(locale, 'documents.status.uploaded'),
    );

    // the admin approves the new one
    await admin.reload();
    const newest = admin.getByTestId('document-national_id').first();
    await expect(newest).toContainText('rg-nitido.png');
    await newest.getByRole('button', { name: text(locale, 'admin.customer.approve') }).click();
    await expect(admin.getByText(text(locale, 'admin.customer.approved'))).toBeVisible();
    await expect(newest).toContainText(text(locale, 'documents.status.approved'));

    await page.reload();
    await expect(card.getByTestId('document-status')).toHaveText(
      text(locale, 'documents.status.approved'),
    );
    // an approved document can still be downloaded, not replaced
    await expect(card.getByTestId('upload-national_id')).toHaveCount(0);
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: text(locale, 'documents.download') }).click();
    expect((await download).suggestedFilename()).toMatch(/\.png$/);

    expect(unexpectedErrors(customerTab.errors)).toEqual([]);
    expect(unexpectedErrors(adminTab.errors)).toEqual([]);
    await customerTab.context.close();
    await adminTab.context.close();
  });
}
