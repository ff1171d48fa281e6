import { dec, LOCALES } from '@permuta/contracts';
import type { OrderView, PublicSettings } from '@permuta/contracts';
import { expect, openPage, signInCustomer, url } from './back-office.ts';
import { adminApi, pickOption, registerVerifiedCustomer } from './exchange-support.ts';
import { seriousAxeFindings, test, text } from './support.ts';

/** A valid Tron (TRC20) address: the USDT contract's, any customer could paste it. */
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** Reais as the page writes them. */
function brl(amount: string, locale: 'pt-BR' | 'en-US'): string {
  const [integer = '0', fraction = ''] = amount.split('.');
  const group = locale === 'pt-BR' ? '.' : ',';
  const digits = integer.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const cents = fraction.padEnd(2, '0').slice(0, 2);
  return locale === 'pt-BR' ? `R$ ${digits},${cents}` : `R$${digits}.${cents}`;
}

test.use({ actionTimeout: 20_000 });

for (const locale of LOCALES) {
  test(`boleto: the quote shows the boleto fee and total, the order waits for the boleto with the hours (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const admin = await adminApi(baseURL!);
    const customer = await registerVerifiedCustomer(baseURL!, admin, locale);
    const { page } = await openPage(browser, locale);
    await signInCustomer(page, locale, customer);
    const wallet = await page.request.post('/api/v1/me/wallets', {
      data: { kind: 'crypto', token: 'USDT', network: 'TRC20', address: TRON_ADDRESS },
    });
    expect(wallet.status(), await wallet.text()).toBe(201);
    const settings = (await (await page.request.get('/api/v1/settings')).json()) as PublicSettings;

    // --- the quote, paid by boleto: its fee and the total before confirming --------------------
    await page.goto(url(locale, '/profile/exchange-now?send=PIX&receive=USDT&network=TRC20'));
    await page.getByRole('textbox', { name: text(locale, 'calculator.amountSend') }).fill('300');
    await page.getByRole('radio', { name: text(locale, 'orders.method.boleto') }).check();
    await expect(page.getByTestId('quote-details')).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByTestId('quote-boleto-fee')).toHaveText(brl(settings.boletoFee, locale));
    const total = dec('300').plus(settings.boletoFee).toFixed(2);
    await expect(page.getByTestId('quote-total')).toHaveText(brl(total, locale));
    await pickOption(page, text(locale, 'orders.exchange.wallet'), /TR7NHq/);
    expect(await seriousAxeFindings(page), 'exchange now, boleto').toEqual([]);
    await page.getByRole('button', { name: text(locale, 'orders.exchange.confirm') }).click();

    // --- the order page: waiting for the boleto, in the operating hours, no countdown ----------
    await expect(page).toHaveURL((u) =>
      u.pathname.startsWith(url(locale, '/profile/my-orders/EX-')),
    );
    const reference = decodeURIComponent(page.url().split('/').at(-1)!);
    const order = (await (
      await page.request.get(`/api/v1/orders/${reference}`)
    ).json()) as OrderView;
    expect(order.payment?.method).toBe('boleto');
    expect(Date.parse(order.expiresAt) - Date.parse(order.createdAt)).toBeGreaterThan(3_600_000);
    const waiting = page.getByTestId('boleto-waiting');
    await expect(waiting).toContainText(text(locale, 'orders.pay.boleto.waitingTitle'));
    await expect(waiting).toContainText(
      locale === 'pt-BR' ? 'das 10:00 às 18:00' : '10:00 AM to 6:00 PM',
    );
    await expect(page.getByTestId('payment-amount')).toContainText(
      locale === 'pt-BR' ? total.replace('.', ',') : total,
    );
    await expect(page.getByTestId('expiry')).toHaveCount(0);
    expect(await seriousAxeFindings(page), 'order page, waiting for the boleto').toEqual([]);
  });
}
