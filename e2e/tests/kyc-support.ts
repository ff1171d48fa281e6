/**
 * Helpers of the KYC browser test: a customer registered through the registration form and
 * confirmed with the link of the caught e-mail, a back-office admin with TOTP two-factor enrolled,
 * TOTP codes computed as an authenticator app does (RFC 6238), and the three documents as small
 * real files.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import type { PersonalDocumentType as DocumentType } from '@permuta/contracts';
import { jpeg, pdf, png } from '../../apps/api/test/document-files.ts';
import { field, newCustomer, waitForMailAbout, type TestCustomer } from './accounts-support.ts';
import { expect, url, type Locale } from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import { text } from './support.ts';

// --- TOTP (RFC 6238 over RFC 4226 HOTP) ---------------------------------------------------

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(input: string): Buffer {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of input.replace(/=+$/, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not a base32 secret: ${input}`);
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/**
 * The code an authenticator app shows for an `otpauth://totp/...` URI at `now` (its secret,
 * algorithm, digits and period; SHA1, 6 digits and 30 s when the URI does not say).
 */
export function totpCode(otpauthUri: string, now = Date.now()): string {
  const params = new URL(otpauthUri).searchParams;
  const secret = params.get('secret');
  if (!secret) throw new Error(`no secret in ${otpauthUri}`);
  const digits = Number(params.get('digits') ?? 6);
  const period = Number(params.get('period') ?? 30);
  const algorithm = (params.get('algorithm') ?? 'SHA1').toLowerCase();
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / period)));
  const hmac = createHmac(algorithm, base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

// --- an admin with two-factor ---------------------------------------------------------------

export interface TotpAdmin {
  username: string;
  password: string;
  /** the otpauth URI of the enrolment, as the QR code carries it */
  otpauthUri: string;
}

/**
 * A new back-office admin with TOTP two-factor on, made the way an admin does it: the e2e admin
 * registers it, and it enrols from its own session (the calls of the security section: enable
 * with its password, then verify a first code). Nothing of it is left signed in.
 */
export async function enrolTotpAdmin(browser: Browser): Promise<TotpAdmin> {
  const admin: TotpAdmin = {
    username: `kyc_${randomBytes(4).toString('hex')}`,
    password: 'Kyc!Admin-Pass1',
    otpauthUri: '',
  };
  const creator = await browser.newContext();
  const enrolling = await browser.newContext();
  try {
    const signedIn = await creator.request.post('/api/v1/admin/auth/sign-in', {
      data: E2E_ADMIN,
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const created = await creator.request.post('/api/v1/admin/admins', {
      data: {
        username: admin.username,
        name: 'Revisora KYC',
        adminRole: 'operator',
        password: admin.password,
        confirmPassword: admin.password,
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    const own = await enrolling.request.post('/api/v1/admin/auth/sign-in', {
      data: { username: admin.username, password: admin.password },
    });
    expect(own.status(), await own.text()).toBe(200);
    const enable = await enrolling.request.post('/api/v1/admin/me/two-factor/enable', {
      data: { password: admin.password },
    });
    expect(enable.status(), await enable.text()).toBe(200);
    admin.otpauthUri = ((await enable.json()) as { totpUri: string }).totpUri;
    const verified = await enrolling.request.post('/api/v1/admin/me/two-factor/verify', {
      data: { code: totpCode(admin.otpauthUri) },
    });
    expect(verified.status(), await verified.text()).toBe(200);
    expect(await verified.json()).toMatchObject({ twoFactorEnabled: true });
  } finally {
    await creator.close();
    await enrolling.close();
  }
  return admin;
}

// --- a customer through the screens ---------------------------------------------------------

/**
 * Waits until the app has finished its last client navigation (it keeps the target in
 * sessionStorage while one is in flight, and a page loaded meanwhile would continue to it).
 */
export async function settled(page: Page) {
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('permuta:navigation')))
    .toBeNull();
}

/** Fills and sends the registration form as a new customer; ends on /login. */
export async function registerThroughForm(page: Page, locale: Locale): Promise<TestCustomer> {
  const t = (key: string) => text(locale, key);
  const customer = newCustomer('kyc');
  customer.name = `Maria Silva ${randomBytes(3).toString('hex')}`;
  await field(page, t('accounts.fields.name')).fill(customer.name);
  await field(page, t('accounts.fields.birthDate')).fill(customer.birthDate);
  await field(page, t('accounts.fields.cpf')).fill(customer.cpf);
  await field(page, t('accounts.fields.phone')).fill(customer.phone);
  await field(page, t('accounts.fields.email')).fill(customer.email);
  await field(page, t('accounts.fields.username')).fill(customer.username);
  await field(page, t('accounts.fields.password')).fill(customer.password);
  await field(page, t('accounts.fields.confirmPassword')).fill(customer.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: t('accounts.registration.submit') }).click();
  await expect(page.getByText(t('messages.registered'))).toBeVisible();
  await expect(page).toHaveURL((current) => current.pathname === url(locale, '/login'));
  await settled(page);
  return customer;
}

/** Opens the confirmation link of the e-mail caught for `email` (`subject` in its language). */
export async function openConfirmationLink(
  page: Page,
  locale: Locale,
  email: string,
  subject: string,
) {
  const mail = await waitForMailAbout(email, subject);
  const link = /https?:\/\/\S+?\/validate-email\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  const target = new URL(link!);
  // the link leads to the page in the customer's language
  expect(target.pathname).toBe(url(locale, '/validate-email'));
  await page.goto(`${target.pathname}${target.search}`);
  await expect(page.getByText(text(locale, 'accounts.validateEmail.successTitle'))).toBeVisible();
}

// --- the documents --------------------------------------------------------------------------

export interface DocumentFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** One small real file of each accepted kind: a PNG ID, a PDF bill, a JPEG selfie. */
export async function documentFiles(): Promise<Record<DocumentType, DocumentFile>> {
  return {
    national_id: { name: 'rg-frente.png', mimeType: 'image/png', buffer: await png(96, 64) },
    proof_of_address: { name: 'conta-de-luz.pdf', mimeType: 'application/pdf', buffer: pdf() },
    selfie_with_id: {
      name: 'selfie-com-rg.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpeg(96, 128),
    },
  };
}

/** Sends `file` from the card of `type` on /profile/documents and waits for it to be "uploaded". */
export async function uploadDocument(
  page: Page,
  locale: Locale,
  type: DocumentType,
  file: DocumentFile,
) {
  const card = page.getByTestId(`document-card-${type}`);
  const status = card.getByTestId('document-status');
  await expect(status).toHaveText(text(locale, 'documents.status.missing'));
  const chooser = page.waitForEvent('filechooser');
  await card.getByTestId(`upload-${type}`).click();
  await (await chooser).setFiles(file);
  await expect(status).toHaveText(text(locale, 'documents.status.uploaded'));
  await expect(card).toContainText(file.name);
  await expect(card).toContainText(text(locale, 'documents.underReview'));
}
