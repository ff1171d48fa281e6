import { randomBytes } from 'node:crypto';
import { request } from '@playwright/test';
import { formatCpf, LOCALES } from '@permuta/contracts';
import type { LockedQuote, OrderView } from '@permuta/contracts';
import { expect, openPage, signInCustomer, url } from './back-office.ts';
import { adminApi, pngFile, registerVerifiedCustomer } from './exchange-support.ts';
import { saveShots, seriousAxeFindings, test, text } from './support.ts';

test.use({ actionTimeout: 20_000 });

for (const locale of LOCALES) {
  test(`order page: the deposit QR, the exact amount, the proof kept, "paid to" once paid (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const admin = await adminApi(baseURL!);
    const customer = await registerVerifiedCustomer(baseURL!, admin, locale);
    const { page } = await openPage(browser, locale);
    await signInCustomer(page, locale, customer);

    // a USDT -> PIX order, paid to the customer's CPF key: the customer sends crypto to us
    const api = page.request;
    const wallet = await api.post('/api/v1/me/wallets', {
      data: {
        kind: 'pix',
        token: 'PIX',
        pixKeyType: 'cpf',
        pixKey: customer.cpf,
        bankCode: '260',
        holderName: customer.name,
        holderDocument: customer.cpf,
      },
    });
    expect(wallet.status(), await wallet.text()).toBe(201);
    const walletId = ((await wallet.json()) as { wallet: { id: string } }).wallet.id;
    const quote = await api.post('/api/v1/orders/quote', {
      data: { send: 'USDT', receive: 'PIX', network: 'TRC20', side: 'send', amount: '100' },
    });
    expect(quote.status(), await quote.text()).toBe(200);
    const created = await api.post('/api/v1/orders', {
      headers: { 'idempotency-key': `e2e-${randomBytes(8).toString('hex')}` },
      data: { quoteToken: ((await quote.json()) as LockedQuote).quoteToken, walletId },
    });
    expect(created.status(), await created.text()).toBe(201);
    const order = (await created.json()) as OrderView;
    const ref = encodeURIComponent(order.reference);

    // --- pending: the QR of the address and "send exactly the amount above" ---------------------
    await page.goto(url(locale, `/profile/my-orders/${order.reference}`));
    const card = page.getByTestId('payment-crypto');
    // the first visit loads the page's modules: a busy machine takes its time
    await expect(card).toBeVisible({ timeout: 60_000 });
    const address = order.payment?.method === 'crypto' ? order.payment.address : null;
    expect(address, 'deposit address').toBeTruthy();
    const qr = card.getByRole('img', {
      name: text(locale, 'orders.pay.crypto.qrAlt').replace('{{address}}', address!),
    });
    await expect(qr).toBeVisible();
    expect(
      await qr.evaluate((img) => (img as { naturalWidth: number }).naturalWidth),
    ).toBeGreaterThan(0);
    await expect(card.getByTestId('send-exactly')).toHaveText(
      text(locale, 'orders.pay.sendExactly'),
    );
    const details = page.getByRole('region', { name: text(locale, 'orders.order.details') });
    await expect(details).toContainText(text(locale, 'orders.order.destinationPending'));
    await expect(details).not.toContainText(text(locale, 'orders.order.destination'));
    await expect(page.getByTestId('destination')).toHaveText(formatCpf(customer.cpf));
    expect(await seriousAxeFindings(page), 'order page, crypto deposit').toEqual([]);

    // --- the customer sends the proof and confirms ----------------------------------------------
    await page.locator('input[type="file"]').setInputFiles(await pngFile('comprovante.png'));
    await expect(page.getByTestId('proof-received')).toBeVisible();
    await page.getByTestId('confirm-payment').click();
    await expect(page.getByTestId('order-status')).toHaveText(
      text(locale, 'orders.customerStatus.user_confirmed'),
    );

    // --- the admin confirms the funds and pays; the customer's proof is still there -------------
    const confirmed = await admin.post(`/api/v1/admin/orders/${ref}/transition`, {
      data: { action: 'confirm_funds', amountReceived: '100' },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    // pushed to the open page (its event stream), no reload: the server sends it within a
    // second of the commit; the browser's render gets a second more on a busy machine
    await expect(page.getByTestId('order-status')).toHaveText(
      text(locale, 'orders.customerStatus.admin_confirmed'),
      { timeout: 2_000 },
    );
    const paid = await admin.post(`/api/v1/admin/orders/${ref}/pay`, {
      multipart: { file: await pngFile('pagamento.png'), payoutTxId: `E2E${order.reference}` },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    await expect(page.getByTestId('order-status')).toHaveText(
      text(locale, 'orders.customerStatus.admin_paid'),
      { timeout: 2_000 },
    );
    await saveShots(page, `order-page-pushed-paid-${locale}`);
    // and the same after a fresh load
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText(
      text(locale, 'orders.customerStatus.admin_paid'),
    );
    await expect(details).toContainText(text(locale, 'orders.order.destination'));
    await expect(details).not.toContainText(text(locale, 'orders.order.destinationPending'));
    const own = page.getByTestId('download-own-proof');
    await expect(own).toHaveText(text(locale, 'orders.proof.download'));
    const [download] = await Promise.all([page.waitForEvent('download'), own.click()]);
    expect(download.suggestedFilename()).toBe(`${order.reference}-proof.png`);
    expect(await seriousAxeFindings(page), 'order page, paid').toEqual([]);

    // and someone else cannot download it
    const stranger = await request.newContext({ baseURL: baseURL! });
    expect((await stranger.get(`/api/v1/orders/${ref}/files/proof`)).status()).toBe(401);
    await stranger.dispose();
    await admin.dispose();
  });
}
