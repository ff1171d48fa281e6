import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import {
  DOCUMENT_TYPES,
  LOCALES,
  type PersonalDocumentType as DocumentType,
} from '@permuta/contracts';
import { waitForMails } from './accounts-support.ts';
import {
  expect,
  fieldName,
  openPage,
  registerConfirmedCustomer,
  signInAdmin,
  signInCustomer,
  unexpectedErrors,
  url,
  type Locale,
} from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import {
  documentFiles,
  enrolTotpAdmin,
  openConfirmationLink,
  registerThroughForm,
  totpCode,
  uploadDocument,
} from './kyc-support.ts';
import { test, text, seriousAxeFindings } from './support.ts';

/** The subjects (before " - <brand>") and greeting of the e-mails a customer gets, per language. */
const MAIL: Record<
  Locale,
  {
    confirm: string;
    approved: Record<DocumentType, string>;
    verified: string;
    greeting: string;
  }
> = {
  'pt-BR': {
    confirm: 'Confirme seu e-mail',
    approved: {
      national_id: 'Documento aprovado: documento de identidade',
      proof_of_address: 'Documento aprovado: comprovante de endereço',
      selfie_with_id: 'Documento aprovado: selfie com documento',
    },
    verified: 'Sua conta foi verificada',
    greeting: 'Olá, ',
  },
  'en-US': {
    confirm: 'Confirm your e-mail',
    approved: {
      national_id: 'Document approved: national ID',
      proof_of_address: 'Document approved: proof of address',
      selfie_with_id: 'Document approved: selfie with ID',
    },
    verified: 'Your account is verified',
    greeting: 'Hello, ',
  },
};

/** With E2E_SCREENSHOTS=<dir>, a full-page screenshot for a human look at the screens. */
async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

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
  test(`KYC: a customer registers, confirms the e-mail, sends the three documents; an admin signed in with TOTP approves them and the customer is verified (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const t = (key: string) => text(locale, key);
    // the admin works in the other language: the customer's e-mails must still be in theirs
    const adminLocale: Locale = locale === 'pt-BR' ? 'en-US' : 'pt-BR';
    const ta = (key: string) => text(adminLocale, key);
    // the admin is made and enrolled meanwhile (through the API, as its own screens would)
    const admin = enrolTotpAdmin(browser);
    admin.catch(() => undefined); // awaited below, where a failure is reported
    const [files, customerTab, adminTab] = await Promise.all([
      documentFiles(),
      openPage(browser, locale),
      openPage(browser, adminLocale),
    ]);
    const page = customerTab.page;

    // registration through the form, then the link of the caught e-mail
    await page.goto(url(locale, '/registration'));
    await page.waitForLoadState('networkidle');
    expect(await seriousAxeFindings(page), 'registration').toEqual([]);
    const customer = await registerThroughForm(page, locale);
    await openConfirmationLink(page, locale, customer.email, MAIL[locale].confirm);
    expect(await seriousAxeFindings(page), 'e-mail confirmed').toEqual([]);

    await signInCustomer(page, locale, customer);
    await expect(page.getByTestId('email-verified')).toHaveAttribute('data-done', 'true');
    await expect(page.getByTestId('documents-verified')).toHaveAttribute('data-done', 'false');
    await page.getByRole('link', { name: t('accounts.account.sendDocuments') }).click();
    await expect(page).toHaveURL((u) => u.pathname === url(locale, '/profile/documents'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t('pages.profileDocuments.title'),
    );

    // the three documents, each seen reaching "uploaded"
    for (const type of DOCUMENT_TYPES) await uploadDocument(page, locale, type, files[type]);
    expect(await seriousAxeFindings(page), 'documents, all sent').toEqual([]);
    await snap(page, `${locale}-kyc-documents-sent`);

    // an admin with two-factor signs in with the code of its authenticator and approves them
    const reviewer = await admin;
    const back = adminTab.page;
    await signInAdmin(back, adminLocale, reviewer.username, reviewer.password, async () =>
      totpCode(reviewer.otpauthUri),
    );
    await back
      .getByRole('navigation')
      .getByRole('link', { name: ta('pages.adminManagerCustomers.title') })
      .click();
    await back.getByLabel(fieldName(ta('admin.customers.search'))).fill(customer.email);
    await back.getByRole('link', { name: customer.name }).click();
    await expect(back).toHaveURL((u) =>
      new RegExp(`^${url(adminLocale, '/admin/manager-customers')}/[\\w-]+$`).test(u.pathname),
    );
    await expect(back.getByRole('heading', { level: 1 })).toHaveText(customer.name);
    for (const type of DOCUMENT_TYPES) {
      await expect(back.getByTestId(`document-${type}`)).toContainText(files[type].name);
    }
    expect(await seriousAxeFindings(back), 'customer with three documents').toEqual([]);
    await snap(back, `${locale}-kyc-admin-customer`);
    for (const type of DOCUMENT_TYPES) {
      const row = back.getByTestId(`document-${type}`);
      await expect(row).toContainText(ta('documents.status.uploaded'));
      await row.getByRole('button', { name: ta('admin.customer.approve') }).click();
      await expect(row).toContainText(ta('documents.status.approved'));
      await expect(row.getByRole('button', { name: ta('admin.customer.approve') })).toHaveCount(0);
    }

    // every e-mail the customer got is in the customer's language: the confirmation, one per
    // approved document and the account verified
    const mails = await waitForMails(customer.email, 5);
    const subjects = mails.map((mail) => mail.subject.replace(/ - [^-]+$/, ''));
    expect(subjects.toSorted()).toEqual(
      [
        MAIL[locale].confirm,
        ...DOCUMENT_TYPES.map((type) => MAIL[locale].approved[type]),
        MAIL[locale].verified,
      ].toSorted(),
    );
    for (const mail of mails) {
      expect(mail.text, mail.subject).toMatch(new RegExp(`^${MAIL[locale].greeting}`));
      expect(mail.html, mail.subject).toContain(`<html lang="${locale}">`);
    }
    const documentsLink = `${new URL(page.url()).origin}${url(locale, '/profile/documents')}`;
    for (const type of DOCUMENT_TYPES) {
      const mail = mails.find((m) => m.subject.startsWith(MAIL[locale].approved[type]));
      expect(mail?.text).toContain(documentsLink);
    }

    // the customer sees the documents approved and the account verified
    await page.reload();
    for (const type of DOCUMENT_TYPES) {
      await expect(
        page.getByTestId(`document-card-${type}`).getByTestId('document-status'),
      ).toHaveText(t('documents.status.approved'));
    }
    await expect(page.getByText(t('documents.verifiedTitle'))).toBeVisible();
    await page
      .getByRole('navigation', { name: t('nav.customerArea') })
      .getByRole('link', { name: t('pages.profileAccount.title') })
      .click();
    await expect(page).toHaveURL((u) => u.pathname === url(locale, '/profile/account'));
    const verified = page.getByTestId('documents-verified');
    await expect(verified).toHaveAttribute('data-done', 'true');
    await expect(verified).toContainText(t('accounts.account.statusDone'));
    expect(await seriousAxeFindings(page), 'account verified').toEqual([]);
    await snap(page, `${locale}-kyc-account-verified`);

    expect(unexpectedErrors(customerTab.errors)).toEqual([]);
    expect(unexpectedErrors(adminTab.errors)).toEqual([]);
    await customerTab.context.close();
    await adminTab.context.close();
  });

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

    // the server judges a file by its content, whatever its name: a GIF is refused (400)
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

    expect(unexpectedErrors(customerTab.errors, [400])).toEqual([]);
    expect(unexpectedErrors(adminTab.errors)).toEqual([]);
    await customerTab.context.close();
    await adminTab.context.close();
  });
}
