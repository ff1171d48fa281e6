import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from '@playwright/test';
import { LOCALES } from '@permuta/contracts';
import { verifySignature } from '../../examples/partner/integration.ts';
import {
  expect,
  fieldName,
  openPage,
  signInCustomer,
  unexpectedErrors,
  url,
} from './back-office.ts';
import { randomCnpj } from './accounts-support.ts';
import { adminApi, pixWalletOf, registerVerifiedCustomer } from './exchange-support.ts';
import { BOTH_WIDTHS, saveShots, seriousAxeFindings, test, text } from './support.ts';

/** A partner's receiver on 127.0.0.1: records each POST, answers `status` (changeable). */
async function startReceiver() {
  const received: { body: string; signature: string }[] = [];
  const state = { status: 500 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['permuta-signature'] ?? ''),
      });
      res.writeHead(state.status, { 'content-type': 'text/plain' });
      res.end(state.status >= 300 ? 'receiver down for maintenance' : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/permuta-hooks`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

for (const locale of LOCALES) {
  test(`a business adds a webhook, sees a failed delivery, sends it again, rotates and deletes (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const t = (key: string) => text(locale, key);
    const admin = await adminApi(baseURL!);
    const customer = await registerVerifiedCustomer(baseURL!, admin, locale);
    const receiver = await startReceiver();

    // the business, approved, with a PIX wallet and a key (through the API, as other specs do)
    const api = await request.newContext({
      baseURL: baseURL!,
      extraHTTPHeaders: { 'accept-language': locale },
    });
    await api.post('/api/v1/auth/sign-in', {
      data: { email: customer.email, password: customer.password },
    });
    const applied = await api.put('/api/v1/me/business', {
      data: { companyName: 'Loja Webhook Ltda', cnpj: randomCnpj() },
    });
    expect(applied.status(), await applied.text()).toBe(200);
    const me = (await (await api.get('/api/v1/me')).json()) as { user: { id: string } };
    const approved = await admin.post(`/api/v1/admin/customers/${me.user.id}/business`, {
      data: { decision: 'approve' },
    });
    expect(approved.status(), await approved.text()).toBe(200);
    const wallet = await api.post('/api/v1/me/wallets', { data: pixWalletOf(customer) });
    expect(wallet.status(), await wallet.text()).toBe(201);
    const walletId = ((await wallet.json()) as { wallet: { id: string } }).wallet.id;
    const created = await api.post('/api/v1/me/api-keys', {
      data: { name: 'ERP', scopes: ['quotes:read', 'orders:write', 'webhooks:manage'] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const apiKey = ((await created.json()) as { secret: string }).secret;

    // the API keys page, from the customer area's menu: the key's webhooks, none yet
    const { page, context, errors } = await openPage(browser, locale);
    await signInCustomer(page, locale, customer);
    await page.goto(url(locale, '/profile/account'));
    await page
      .getByRole('navigation', { name: t('nav.customerArea') })
      .first()
      .getByRole('link', { name: t('pages.profileApiKeys.title') })
      .click();
    await page.getByRole('button', { name: `${t('webhooks.open')} ERP` }).click();
    await expect(page.getByTestId('webhooks-empty')).toBeVisible();
    expect(await seriousAxeFindings(page)).toEqual([]);

    // add the receiver: the secret is shown once
    await page.getByLabel(fieldName(t('webhooks.url'))).fill(receiver.url);
    await page.getByRole('button', { name: t('webhooks.add') }).click();
    const secretBox = page.getByTestId('webhook-secret');
    await expect(secretBox).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);
    const secret = (await secretBox.textContent())!;
    await saveShots(page, `webhooks-secret-${locale}`, BOTH_WIDTHS);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.getByTestId('webhook-secret-done').click();
    await expect(page.getByTestId('webhook-endpoint')).toHaveCount(1);
    expect(await page.content()).not.toContain(secret);

    // the partner's program orders: the receiver gets a signed order.created (and answers 500)
    const partner = await request.newContext({
      baseURL: baseURL!,
      extraHTTPHeaders: { authorization: `Bearer ${apiKey}` },
    });
    const quote = await partner.post('/api/v1/partner/quotes', {
      data: { send: 'USDT', receive: 'PIX', network: 'TRC20', side: 'send', amount: '100' },
    });
    expect(quote.status(), await quote.text()).toBe(200);
    const order = await partner.post('/api/v1/partner/orders', {
      headers: { 'idempotency-key': `e2e-webhook-${locale}-${Date.now()}` },
      data: { quoteToken: ((await quote.json()) as { quoteToken: string }).quoteToken, walletId },
    });
    expect(order.status(), await order.text()).toBe(201);
    const reference = ((await order.json()) as { reference: string }).reference;
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const first = receiver.received[0]!;
    expect(verifySignature(first.signature, first.body, secret)).toBe(true);
    expect(JSON.parse(first.body)).toMatchObject({ type: 'order.created', data: { reference } });

    // the log after a reload: failed (500), with the payload and the answer
    await page.reload();
    await page.getByRole('button', { name: `${t('webhooks.open')} ERP` }).click();
    await page.getByRole('button', { name: `${t('webhooks.deliveries')} ${receiver.url}` }).click();
    const row = page.getByTestId('webhook-delivery').first();
    await expect(row.getByTestId('webhook-delivery-result')).toHaveText(
      `${t('webhooks.outcome.failed')} (500)`,
    );
    await row.getByRole('button', { name: t('webhooks.details') }).click();
    const details = page.getByTestId('webhook-delivery-details');
    await expect(details).toContainText(reference);
    await expect(details).toContainText('receiver down for maintenance');
    await saveShots(page, `webhooks-log-${locale}`, BOTH_WIDTHS);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // the receiver is back: send it again, delivered and recorded as a replay
    receiver.state.status = 204;
    await row.getByRole('button', { name: t('webhooks.replay') }).click();
    await expect(
      page.getByTestId('webhook-delivery-result').filter({
        hasText: `${t('webhooks.outcome.delivered')} (204)`,
      }),
    ).toHaveCount(1);
    await expect(page.getByTestId('webhook-delivery').first()).toContainText(
      t('webhooks.replayTag'),
    );

    // rotate: a new secret shown once; the previous one signs for 24 hours more
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `${t('webhooks.rotate')} ${receiver.url}` }).click();
    await expect(page.getByTestId('webhook-secret')).not.toHaveText(secret);
    await page.getByTestId('webhook-secret-done').click();

    // delete: confirmed, gone, also after a reload
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `${t('webhooks.delete')} ${receiver.url}` }).click();
    await expect(page.getByTestId('webhooks-empty')).toBeVisible();
    await page.reload();
    await page.getByRole('button', { name: `${t('webhooks.open')} ERP` }).click();
    await expect(page.getByTestId('webhooks-empty')).toBeVisible();

    expect(unexpectedErrors(errors)).toEqual([]);
    await partner.dispose();
    await api.dispose();
    await admin.dispose();
    await receiver.close();
    await context.close();
  });
}
