import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { LOCALES } from '@permuta/contracts';
import { formatCpf } from '@permuta/contracts/br-format';
import { walletSuccessMessage } from '@permuta/contracts/messages/wallets';
import type { LockedQuote, OrderView } from '@permuta/contracts/orders';
import type { WalletSaved } from '@permuta/contracts/wallets';
import {
  expect,
  fieldName,
  openPage,
  signInAdmin,
  signInCustomer,
  unexpectedErrors,
  url,
  type Locale,
} from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import {
  adminApi,
  expectCustomerStatus,
  orderMailSubject,
  pickOption,
  pngFile,
  registerVerifiedCustomer,
  waitForOrderMails,
} from './exchange-support.ts';
import { test, text, seriousAxeFindings } from './support.ts';

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A catalogue text with its `{{placeholders}}` filled in. */
function fill(locale: Locale, key: string, values: Record<string, string>): string {
  return Object.entries(values).reduce(
    (result, [name, value]) => result.replaceAll(`{{${name}}}`, value),
    text(locale, key),
  );
}

/** A catalogue text as a pattern: the given placeholders as regular expressions, the rest literal. */
function pattern(locale: Locale, key: string, values: Record<string, string>): RegExp {
  const parts = text(locale, key).split(/(\{\{\w+\}\})/);
  return new RegExp(
    `^${parts
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        return name ? (values[name] ?? '.+') : escape(part);
      })
      .join('')}$`,
  );
}

/** A transaction hash shaped like Tron's (64 hex digits). */
const tronHash = () => randomBytes(32).toString('hex');

/** A valid Tron (TRC20) address: the USDT contract's, any customer could paste it. */
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

async function customerNav(page: Page, locale: Locale, title: string) {
  await page
    .getByRole('navigation', { name: text(locale, 'nav.customerArea') })
    .first()
    .getByRole('link', { name: text(locale, title) })
    .click();
}

// a missing element fails the step it is looked for in, not the whole test's four minutes later
test.use({ actionTimeout: 20_000 });

for (const locale of LOCALES) {
  test(`exchange: a customer trades USDT for PIX and an admin pays it; a PIX order shows its BR Code (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const admin = await adminApi(baseURL!);
    const customer = await registerVerifiedCustomer(baseURL!, admin, locale);
    const customerTab = await openPage(browser, locale);
    const adminTab = await openPage(browser, locale);
    const page = customerTab.page;
    await signInCustomer(page, locale, customer);

    // --- a PIX wallet with the customer's own CPF ---------------------------------------------
    await customerNav(page, locale, 'pages.profileCreateWallet.title');
    await expect(page).toHaveURL((u) => u.pathname === url(locale, '/profile/create-wallet'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(locale, 'pages.profileCreateWallet.title'),
    );
    const walletForm = page.getByRole('form', { name: text(locale, 'wallets.form.createLabel') });
    await pickOption(page, text(locale, 'wallets.fields.token'), 'Real (PIX)');
    await pickOption(
      page,
      text(locale, 'wallets.fields.pixKeyType'),
      text(locale, 'wallets.pixKeyTypes.cpf'),
    );
    await walletForm
      .getByRole('textbox', { name: fieldName(text(locale, 'wallets.fields.pixKey')) })
      .fill(customer.cpf);
    const bank = walletForm.getByRole('combobox', {
      name: fieldName(text(locale, 'wallets.fields.bank')),
    });
    await bank.fill('260');
    await page.getByRole('option', { name: /^260 – / }).click();
    // the customer is the holder from the start
    await expect(
      walletForm.getByRole('textbox', {
        name: fieldName(text(locale, 'wallets.fields.holderName')),
      }),
    ).toHaveValue(customer.name);
    await expect(
      walletForm.getByRole('textbox', {
        name: fieldName(text(locale, 'wallets.fields.holderDocument')),
      }),
    ).toHaveValue(customer.cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4'));
    await walletForm.getByRole('button', { name: text(locale, 'wallets.form.create') }).click();
    await expect(page.getByText(walletSuccessMessage('registered', 'PIX', locale))).toBeVisible();

    // --- exchange now: USDT on TRC20 for PIX, a locked quote, the wallet, confirm ---------------
    await customerNav(page, locale, 'pages.profileExchangeNow.title');
    await expect(page).toHaveURL((u) => u.pathname === url(locale, '/profile/exchange-now'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(locale, 'pages.profileExchangeNow.title'),
    );
    await pickOption(page, text(locale, 'calculator.send'), /^USDT/);
    await pickOption(page, text(locale, 'calculator.receive'), 'Real (PIX)');
    await pickOption(page, text(locale, 'calculator.network'), /TRC20/);
    await page.getByRole('textbox', { name: text(locale, 'calculator.amountSend') }).fill('100');
    const countdown = page.getByTestId('lock-countdown');
    await expect(countdown).toHaveText(
      pattern(locale, 'orders.exchange.lockedFor', { time: '\\d{1,2}:\\d\\d' }),
    );
    const details = page.getByTestId('quote-details');
    await expect(details).toContainText('100 USDT');
    await expect(details).toHaveAttribute('aria-busy', 'false');
    // the rate is the price of USDT in reais, reais read R$ (never "PIX")
    await expect(page.getByTestId('quote-rate')).toHaveText(
      locale === 'pt-BR' ? /^1\sUSDT = R\$\s\d+,\d{2,}$/ : /^1\sUSDT = R\$\d+\.\d{2,}$/,
    );
    await expect(details).not.toContainText(/\d PIX/);
    const receiveAmount = await page
      .getByRole('textbox', { name: text(locale, 'calculator.amountReceive') })
      .inputValue();
    expect(receiveAmount).toMatch(/^\d[\d.,]*$/);
    // the countdown moves
    const shown = await countdown.textContent();
    await expect(countdown).not.toHaveText(shown ?? '');
    await pickOption(page, text(locale, 'orders.exchange.wallet'), new RegExp(customer.cpf));
    expect(await seriousAxeFindings(page), 'exchange now, quote locked').toEqual([]);
    await page.getByRole('button', { name: text(locale, 'orders.exchange.confirm') }).click();

    // --- the order page: deposit instructions, proof and hash, confirm payment ------------------
    await expect(page).toHaveURL((u) =>
      u.pathname.startsWith(url(locale, '/profile/my-orders/EX-')),
    );
    const reference = decodeURIComponent(page.url().split('/').at(-1)!);
    expect(reference).toMatch(/^EX-[2-9A-Z]{5}$/);
    await expect(
      page.getByText(fill(locale, 'orders.exchange.created', { reference })),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      fill(locale, 'orders.order.title', { reference }),
    );
    await expectCustomerStatus(page, locale, 'pending');
    const created = (await (
      await page.request.get(`/api/v1/orders/${reference}`, {
        headers: { 'accept-language': locale },
      })
    ).json()) as OrderView;
    expect(created.payment?.method).toBe('crypto');
    const deposit = created.payment?.method === 'crypto' ? created.payment : null;
    expect(deposit?.address).toBeTruthy();
    await expect(page.getByTestId('deposit-address')).toHaveText(deposit!.address!);
    await expect(
      page.getByRole('button', { name: text(locale, 'orders.pay.crypto.copyAddress') }),
    ).toBeVisible();
    await expect(page.getByTestId('network-warning')).toContainText(
      fill(locale, 'orders.pay.crypto.warning', {
        token: 'USDT',
        network: deposit!.networkName || deposit!.network,
      }),
    );
    await expect(page.getByTestId('amount-receive')).toHaveText(
      new RegExp(`^R\\$\\s?${escape(receiveAmount)}0?$`),
    );
    await expect(page.getByTestId('order-rate')).toHaveText(/^1\sUSDT = R\$\s?\d/);
    // the PIX key (the customer's CPF) as people read it
    await expect(page.getByTestId('destination')).toHaveText(formatCpf(customer.cpf));
    expect(await seriousAxeFindings(page), 'order page, crypto deposit').toEqual([]);

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: text(locale, 'orders.proof.choose') }).click();
    await (await chooser).setFiles(await pngFile('comprovante.png'));
    await expect(page.getByText(text(locale, 'orders.proof.uploaded'))).toBeVisible();
    await expect(page.getByTestId('proof-received')).toContainText(
      text(locale, 'orders.proof.received'),
    );
    const txHash = tronHash();
    await page.getByRole('textbox', { name: text(locale, 'orders.proof.txHash') }).fill(txHash);
    await page.getByRole('button', { name: text(locale, 'orders.proof.confirm') }).click();
    await expect(page.getByText(text(locale, 'orders.proof.confirmed'))).toBeVisible();
    await expectCustomerStatus(page, locale, 'user_confirmed');
    await expect(
      page.getByRole('button', { name: text(locale, 'orders.proof.confirm') }),
    ).toHaveCount(0);

    // --- the admin finds the order, confirms the funds and pays with a proof --------------------
    const desk = adminTab.page;
    await signInAdmin(desk, locale, E2E_ADMIN.username, E2E_ADMIN.password);
    await desk
      .getByRole('navigation')
      .getByRole('link', { name: text(locale, 'pages.adminOrders.title') })
      .first()
      .click();
    await expect(desk).toHaveURL((u) => u.pathname === url(locale, '/admin/orders'));
    await desk
      .getByRole('searchbox', { name: text(locale, 'adminOrders.list.search') })
      .fill(reference);
    const row = desk.getByTestId(`order-row-${reference}`);
    await expect(row).toContainText(customer.email);
    await expect(desk.getByRole('row')).toHaveCount(2);
    await row.getByRole('link', { name: reference }).click();
    await expect(desk).toHaveURL((u) => u.pathname === url(locale, `/admin/orders/${reference}`));
    await expect(desk.getByRole('heading', { level: 1 })).toHaveText(
      fill(locale, 'adminOrders.detail.title', { reference }),
    );
    const adminStatus = desk.locator('[data-status]').first();
    await expect(adminStatus).toHaveAttribute('data-status', 'user_confirmed');
    await expect(desk.getByText(txHash)).toBeVisible();
    expect(await seriousAxeFindings(desk), 'admin order page, confirmed by the customer').toEqual(
      [],
    );

    await desk
      .getByRole('button', { name: text(locale, 'adminOrders.actions.confirm_funds.button') })
      .click();
    let dialog = desk.getByRole('dialog', {
      name: fill(locale, 'adminOrders.actions.confirm_funds.title', { reference }),
    });
    await dialog
      .getByRole('textbox', {
        name: fieldName(
          fill(locale, 'adminOrders.actions.confirm_funds.amount', { token: 'USDT' }),
        ),
      })
      .fill('100');
    await expect(dialog.getByTestId('amount-differs')).toHaveCount(0);
    await dialog
      .getByRole('button', { name: text(locale, 'adminOrders.actions.confirm_funds.submit') })
      .click();
    await expect(
      desk.getByText(fill(locale, 'adminOrders.actions.confirm_funds.done', { reference })),
    ).toBeVisible();
    await expect(adminStatus).toHaveAttribute('data-status', 'admin_confirmed');
    await expect(adminStatus).toHaveText(text(locale, 'adminOrders.status.admin_confirmed'));

    await desk
      .getByRole('button', { name: text(locale, 'adminOrders.actions.pay.button') })
      .click();
    dialog = desk.getByRole('dialog', {
      name: fill(locale, 'adminOrders.actions.pay.title', { reference }),
    });
    const proofChooser = desk.waitForEvent('filechooser');
    await dialog.getByLabel(fieldName(text(locale, 'adminOrders.actions.pay.file'))).click();
    await (await proofChooser).setFiles(await pngFile('pagamento.png'));
    await expect(dialog).toContainText('pagamento.png');
    const payoutTxId = `E2E${randomBytes(6).toString('hex').toUpperCase()}`;
    await dialog
      .getByRole('textbox', { name: text(locale, 'adminOrders.actions.pay.txId') })
      .fill(payoutTxId);
    await dialog
      .getByRole('button', { name: text(locale, 'adminOrders.actions.pay.submit') })
      .click();
    await expect(
      desk.getByText(fill(locale, 'adminOrders.actions.pay.done', { reference })),
    ).toBeVisible();
    await expect(adminStatus).toHaveAttribute('data-status', 'admin_paid');
    await expect(adminStatus).toHaveText(text(locale, 'adminOrders.status.admin_paid'));
    expect(await seriousAxeFindings(desk), 'admin order page, paid').toEqual([]);

    // --- the customer sees it paid and confirms the receipt ------------------------------------
    await page.reload();
    await expectCustomerStatus(page, locale, 'admin_paid');
    await expect(page.getByText(payoutTxId)).toBeVisible();
    await expect(
      page.getByRole('button', { name: text(locale, 'orders.files.paymentProof') }),
    ).toBeVisible();
    await page.getByRole('button', { name: text(locale, 'orders.receipt.button') }).click();
    await expect(page.getByText(text(locale, 'orders.receipt.done'))).toBeVisible();
    await expectCustomerStatus(page, locale, 'completed');
    await expect(
      page.getByRole('button', { name: text(locale, 'orders.receipt.button') }),
    ).toHaveCount(0);
    const timeline = page.getByTestId('timeline');
    await expect(timeline.getByRole('listitem')).toHaveCount(5);

    // --- every step's e-mail, in the customer's language ---------------------------------------
    const link = `${locale === 'en-US' ? '/en-US' : ''}/profile/my-orders/${reference}`;
    const mails = await waitForOrderMails(customer.email, [
      orderMailSubject(locale, reference, 'created'),
      orderMailSubject(locale, reference, 'user_confirmed'),
      orderMailSubject(locale, reference, 'admin_confirmed'),
      orderMailSubject(locale, reference, 'admin_paid'),
      orderMailSubject(locale, reference, 'completed'),
    ]);
    for (const mail of mails) expect(mail.text).toContain(link);
    expect(mails[3]!.text).toContain(payoutTxId);

    // --- a PIX -> USDT order through the API: its page shows the BR Code ------------------------
    const api = page.request;
    const headers = { 'accept-language': locale };
    const walletAnswer = await api.post('/api/v1/me/wallets', {
      headers,
      data: { kind: 'crypto', token: 'USDT', network: 'TRC20', address: TRON_ADDRESS },
    });
    expect(walletAnswer.status(), await walletAnswer.text()).toBe(201);
    const usdtWallet = (await walletAnswer.json()) as WalletSaved;
    const quoteAnswer = await api.post('/api/v1/orders/quote', {
      headers,
      data: { send: 'PIX', receive: 'USDT', network: 'TRC20', side: 'send', amount: '500' },
    });
    expect(quoteAnswer.status(), await quoteAnswer.text()).toBe(200);
    const quote = (await quoteAnswer.json()) as LockedQuote;
    const orderRequest = {
      headers: { ...headers, 'idempotency-key': `e2e-${randomBytes(8).toString('hex')}` },
      data: { quoteToken: quote.quoteToken, walletId: usdtWallet.wallet.id, paymentMethod: 'pix' },
    };
    const orderAnswer = await api.post('/api/v1/orders', orderRequest);
    expect(orderAnswer.status(), await orderAnswer.text()).toBe(201);
    const pixOrder = (await orderAnswer.json()) as OrderView;
    // the same key again answers the same order
    const replay = await api.post('/api/v1/orders', orderRequest);
    expect(((await replay.json()) as OrderView).id).toBe(pixOrder.id);
    const pix = pixOrder.payment?.method === 'pix' ? pixOrder.payment : null;
    expect(pix?.brCode).toMatch(/^000201/);
    // the BR Code carries the amount (field 54) and the reference without its dash (the txid)
    expect(pix!.brCode).toContain(`54${String(pix!.amount.length).padStart(2, '0')}${pix!.amount}`);
    expect(pix!.brCode).toContain(pixOrder.reference.replace('-', ''));

    await page.goto(url(locale, `/profile/my-orders/${pixOrder.reference}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      fill(locale, 'orders.order.title', { reference: pixOrder.reference }),
    );
    await expectCustomerStatus(page, locale, 'pending');
    await expect(page.getByTestId('payment-pix')).toBeVisible();
    await expect(page.getByTestId('pix-br-code')).toHaveText(pix!.brCode);
    await expect(page.getByText(text(locale, 'orders.pay.pix.brCode'))).toBeVisible();
    const qr = page.getByRole('img', {
      name: pattern(locale, 'orders.pay.pix.qrAlt', {
        amount: `R\\$\\s?500[.,]00`,
        reference: escape(pixOrder.reference),
      }),
    });
    await expect(qr).toBeVisible();
    expect(
      await qr.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth),
    ).toBeGreaterThan(0);
    await customerTab.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: text(locale, 'orders.pay.pix.copyBrCode') }).click();
    await expect(page.getByText(text(locale, 'orders.copied')).first()).toBeAttached();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(pix!.brCode);
    expect(await seriousAxeFindings(page), 'order page, PIX BR Code').toEqual([]);
    await waitForOrderMails(customer.email, [
      orderMailSubject(locale, pixOrder.reference, 'created'),
    ]);

    expect(unexpectedErrors(customerTab.errors), 'customer console').toEqual([]);
    expect(unexpectedErrors(adminTab.errors), 'admin console').toEqual([]);
    await customerTab.context.close();
    await adminTab.context.close();
    await admin.dispose();
  });
}
