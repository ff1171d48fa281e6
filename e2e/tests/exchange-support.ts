/**
 * Helpers of the exchange browser test (exchange.spec.ts): a customer registered, confirmed and
 * verified through the API (documents uploaded by the customer, approved by an admin), the
 * admin's own API session, Mantine selects, proof files, and the order e-mails caught by the SMTP
 * catcher of the e2e server (e2e/mail-catcher.ts).
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { request, type APIRequestContext, type Page } from '@playwright/test';
import { DOCUMENT_TYPES } from '@permuta/contracts/accounts';
import type { OrderStatus } from '@permuta/contracts/order-state';
import type { LockedQuote, OrderView } from '@permuta/contracts/orders';
import type { WalletSaved } from '@permuta/contracts/wallets';
import { orderStatusName } from '../../apps/api/src/lib/emails.ts';
import { randomCpf, waitForMail, type CaughtMail } from './accounts-support.ts';
import { expect, fieldName, type E2eCustomer, type Locale } from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import { text } from './support.ts';

export interface ExchangeCustomer extends E2eCustomer {
  /** the CPF given at registration: a PIX wallet's holder must be the customer */
  cpf: string;
}

/** The body of a PIX wallet in the customer's own name (a PIX wallet's holder is the customer). */
export function pixWalletOf(customer: { name: string; cpf: string }) {
  return {
    kind: 'pix' as const,
    token: 'PIX',
    pixKeyType: 'cpf' as const,
    pixKey: customer.cpf,
    bankCode: '260',
    holderName: customer.name,
    holderDocument: customer.cpf,
  };
}

/** A small real PNG (noise, so each one differs), as a file for an upload. */
export async function pngFile(name: string) {
  const width = 48;
  const height = 32;
  const buffer = await sharp(randomBytes(width * height * 3), {
    raw: { width, height, channels: 3 },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** An API session of the e2e admin (its own cookies, apart from any browser context). */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const signedIn = await api.post('/api/v1/admin/auth/sign-in', {
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return api;
}

/** Payout risk limits above which any PIX -> USDT order is held for two approvals (decision 043). */
export const HOLDING_RISK_LIMITS = {
  autoCryptoPayouts: true,
  autoPayoutMaxOrderBrl: '10',
  autoPayoutMaxCustomerDayBrl: '20000',
  payoutSecondApprovalAboveBrl: '10',
  payoutFirstOrdersHeld: 0,
  payoutNewWalletHoldHours: 0,
};

/** Payout risk limits no payout of the specs reaches: paid out at once, never held. */
export const NOT_HOLDING_RISK_LIMITS = {
  autoPayoutMaxOrderBrl: '1000000',
  autoPayoutMaxCustomerDayBrl: '1000000',
  payoutSecondApprovalAboveBrl: '1000000',
  payoutFirstOrdersHeld: 0,
  payoutNewWalletHoldHours: 0,
};

/**
 * Runs `work` with the server's settings changed by `changes`, then puts back the values it found
 * before, whatever `work` did. Settings are the whole server's: only the specs of the isolated
 * project (playwright.config.ts), one test at a time, use it.
 */
export async function withSettings<T>(
  admin: APIRequestContext,
  changes: Record<string, unknown>,
  work: () => Promise<T>,
): Promise<T> {
  const before = (await (await admin.get('/api/v1/admin/settings')).json()) as Record<
    string,
    unknown
  >;
  const set = await admin.patch('/api/v1/admin/settings', { data: changes });
  expect(set.status(), await set.text()).toBe(200);
  try {
    return await work();
  } finally {
    const data = Object.fromEntries(Object.keys(changes).map((key) => [key, before[key]]));
    const restored = await admin.patch('/api/v1/admin/settings', { data });
    expect(restored.status(), await restored.text()).toBe(200);
  }
}
/**
 * Registers a customer through the API, confirms the e-mail with the link the SMTP catcher
 * received, then uploads the three documents as the customer (an API session of its own) and has
 * the admin approve them: a verified customer, who may exchange. The browser stays signed out.
 */
export async function registerVerifiedCustomer(
  baseURL: string,
  admin: APIRequestContext,
  locale: Locale,
): Promise<ExchangeCustomer> {
  const suffix = randomBytes(4).toString('hex');
  const customer: ExchangeCustomer = {
    name: `Cliente Troca ${suffix}`,
    email: `troca.${suffix}@example.com`,
    password: 'Str0ng!Pass',
    cpf: randomCpf(),
  };
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'accept-language': locale },
  });
  try {
    const registered = await api.post('/api/v1/auth/register', {
      data: {
        username: `trc_${suffix}`,
        name: customer.name,
        email: customer.email,
        phone: '(11) 98888-7777',
        cpf: customer.cpf,
        birthDate: '1990-05-20',
        password: customer.password,
        confirmPassword: customer.password,
        acceptTerms: true,
        locale,
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const mail = await waitForMail(customer.email);
    const token = /validate-email\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token, 'confirmation link in the e-mail').toBeTruthy();
    const verified = await api.post('/api/v1/auth/verify-email', { data: { token } });
    expect(verified.status(), await verified.text()).toBe(200);

    const signedIn = await api.post('/api/v1/auth/sign-in', {
      data: { email: customer.email, password: customer.password },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    for (const type of DOCUMENT_TYPES) {
      const uploaded = await api.post(`/api/v1/me/documents/${type}`, {
        multipart: { file: await pngFile(`${type}.png`) },
      });
      expect(uploaded.status(), await uploaded.text()).toBe(201);
      const { id } = (await uploaded.json()) as { id: string };
      const reviewed = await admin.post(`/api/v1/admin/documents/${id}/review`, {
        data: { decision: 'approve' },
      });
      expect(reviewed.status(), await reviewed.text()).toBe(200);
    }
    const documents = await api.get('/api/v1/me/documents');
    expect(((await documents.json()) as { verified: boolean }).verified, 'documents').toBe(true);
  } finally {
    await api.dispose();
  }
  return customer;
}

/** Opens the Mantine select labelled `label` and picks the option whose name matches. */
export async function pickOption(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: fieldName(label) }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * The customer's status badge: what happened and what happens next ("Paid: confirm that you
 * received it"), in the page's language.
 */
export async function expectCustomerStatus(page: Page, locale: Locale, status: OrderStatus) {
  const badge = page.getByTestId('order-status');
  await expect(badge).toHaveText(text(locale, `orders.customerStatus.${status}`));
}

/** The subject of each order e-mail, in the customer's language (apps/api/src/lib/emails.ts). */
export function orderMailSubject(
  locale: Locale,
  reference: string,
  what: 'created' | OrderStatus,
): string {
  if (what === 'created')
    return locale === 'en-US' ? `Order ${reference} created` : `Pedido ${reference} criado`;
  const status = orderStatusName(what, locale);
  return locale === 'en-US' ? `Order ${reference}: ${status}` : `Pedido ${reference}: ${status}`;
}

/**
 * Waits until the catcher holds, for `address`, exactly one e-mail per expected subject (the
 * subject's beginning: the brand follows), and returns them in the order of `subjects`.
 */
export async function waitForOrderMails(
  address: string,
  subjects: string[],
): Promise<CaughtMail[]> {
  const base = process.env.E2E_MAIL_URL;
  if (!base) throw new Error('E2E_MAIL_URL is not set (see playwright.config.ts)');
  const matches = (mail: CaughtMail, subject: string) => mail.subject.startsWith(`${subject} - `);
  let all: CaughtMail[] = [];
  await expect
    .poll(
      async () => {
        const response = await fetch(`${base}/messages?to=${encodeURIComponent(address)}`);
        all = (await response.json()) as CaughtMail[];
        return subjects.map((subject) => all.filter((mail) => matches(mail, subject)).length);
      },
      { timeout: 20_000, message: `order e-mails to ${address}: ${subjects.join(' | ')}` },
    )
    .toEqual(subjects.map(() => 1));
  return subjects.map((subject) => all.find((mail) => matches(mail, subject))!);
}

async function ok(answer: Awaited<ReturnType<APIRequestContext['post']>>, status = 200) {
  expect(answer.status(), await answer.text()).toBe(status);
  return answer;
}

/** `run` with an API context signed in as the customer, in the locale's language. */
async function asCustomer<T>(
  baseURL: string,
  customer: ExchangeCustomer,
  locale: Locale,
  run: (api: APIRequestContext) => Promise<T>,
): Promise<T> {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'accept-language': locale },
  });
  try {
    await ok(
      await api.post('/api/v1/auth/sign-in', {
        data: { email: customer.email, password: customer.password },
      }),
    );
    return await run(api);
  } finally {
    await api.dispose();
  }
}

/** The first steps of every order: save the wallet, lock the quote, place the order. */
async function placeOrder(
  api: APIRequestContext,
  wallet: Record<string, string>,
  quote: { send: string; receive: string; network: string; amount: string },
  order: { paymentMethod?: string } = {},
): Promise<OrderView> {
  const saved = (await (
    await ok(await api.post('/api/v1/me/wallets', { data: wallet }), 201)
  ).json()) as WalletSaved;
  const locked = (await (
    await ok(await api.post('/api/v1/orders/quote', { data: { ...quote, side: 'send' } }))
  ).json()) as LockedQuote;
  return (await (
    await ok(
      await api.post('/api/v1/orders', {
        headers: { 'idempotency-key': `e2e-${randomBytes(8).toString('hex')}` },
        data: { quoteToken: locked.quoteToken, walletId: saved.wallet.id, ...order },
      }),
      201,
    )
  ).json()) as OrderView;
}

/**
 * A completed order of the customer, through the API as the exchange test runs it by hand: a
 * PIX wallet, 100 USDT locked and ordered, payment confirmed with a hash, the admin confirms the
 * funds, pays with a proof and completes the order.
 */
export async function completedOrder(
  baseURL: string,
  admin: APIRequestContext,
  customer: ExchangeCustomer,
  locale: Locale,
): Promise<OrderView> {
  return asCustomer(baseURL, customer, locale, async (api) => {
    const order = await placeOrder(api, pixWalletOf(customer), {
      send: 'USDT',
      receive: 'PIX',
      network: 'TRC20',
      amount: '100',
    });
    const ref = encodeURIComponent(order.reference);
    await ok(
      await api.post(`/api/v1/orders/${ref}/confirm-payment`, {
        data: { txHash: randomBytes(32).toString('hex') },
      }),
    );
    await ok(
      await admin.post(`/api/v1/admin/orders/${ref}/transition`, {
        data: { action: 'confirm_funds', amountReceived: '100' },
      }),
    );
    await ok(
      await admin.post(`/api/v1/admin/orders/${ref}/pay`, {
        multipart: { file: await pngFile('pagamento.png'), payoutTxId: `E2E${order.reference}` },
      }),
    );
    await ok(
      await admin.post(`/api/v1/admin/orders/${ref}/transition`, { data: { action: 'complete' } }),
    );
    return order;
  });
}

/** A pending PIX -> USDT order placed in the customer's `api` session: 250 BRL to a USDT wallet. */
function placePixToUsdt(api: APIRequestContext): Promise<OrderView> {
  return placeOrder(
    api,
    // the USDT contract's address: a valid Tron address any customer could paste
    {
      kind: 'crypto',
      token: 'USDT',
      network: 'TRC20',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    },
    { send: 'PIX', receive: 'USDT', network: 'TRC20', amount: '250' },
    { paymentMethod: 'pix' },
  );
}

/**
 * A pending PIX -> USDT order of the customer, through the API: a USDT (TRC20) wallet, 250 BRL
 * locked and ordered, not paid yet (its page offers the proof upload, confirm and cancel).
 */
export async function pendingOrder(
  baseURL: string,
  customer: ExchangeCustomer,
  locale: Locale,
): Promise<OrderView> {
  return asCustomer(baseURL, customer, locale, placePixToUsdt);
}

/**
 * A new verified customer's PIX -> USDT order paid with a proof file (user_confirmed), through
 * the API; with `confirmFunds` the admin then confirms the funds (admin_confirmed).
 */
export async function paidOrder(
  baseURL: string,
  admin: APIRequestContext,
  locale: Locale,
  { confirmFunds = false }: { confirmFunds?: boolean } = {},
): Promise<OrderView> {
  const customer = await registerVerifiedCustomer(baseURL, admin, locale);
  const order = await asCustomer(baseURL, customer, locale, async (api) => {
    const placed = await placePixToUsdt(api);
    await ok(
      await api.post(`/api/v1/orders/${placed.reference}/proof`, {
        multipart: { file: await pngFile('proof.png') },
      }),
    );
    await ok(await api.post(`/api/v1/orders/${placed.reference}/confirm-payment`, { data: {} }));
    return placed;
  });
  if (confirmFunds) {
    await ok(
      await admin.post(`/api/v1/admin/orders/${order.reference}/transition`, {
        data: { action: 'confirm_funds', amountReceived: order.amountSend },
      }),
    );
  }
  return order;
}
