import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { request, type APIRequestContext, type Page } from '@playwright/test';
import { LOCALES } from '@permuta/contracts';
import { formatBrl, formatMoney } from '@permuta/contracts/money';
import { startFakeDeriv } from '../../apps/api/src/fakes/fake-deriv.ts';
import { startFakePixPsp } from '../../apps/api/src/fakes/fake-pix-psp.ts';
import type { FakePixPsp } from '../../apps/api/src/fakes/fake-pix-psp.ts';
import type { ReceivedPix } from '../../apps/api/src/adapters/pix/pix-psp.ts';
import {
  expect,
  openPage,
  signInAdmin,
  unexpectedErrors,
  url,
  type Locale,
} from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import {
  HOLDING_RISK_LIMITS,
  NOT_HOLDING_RISK_LIMITS,
  adminApi,
  paidOrder,
  pngFile,
  registerVerifiedCustomer,
  withSettings,
} from './exchange-support.ts';
import { BOTH_WIDTHS, saveShots, test, text } from './support.ts';

/**
 * The money exceptions of decision 048 in the browser: the inbox returning a PIX through the
 * PSP's devolução (returned with its receipt, refused with the PSP's words, asked and still
 * waiting for an answer, then settled by the refund's job), the payout hold of an order an admin
 * paid or refunded by hand, and Deriv refusing the payment agent's token (the order's payout
 * stops, /admin/integrations says so).
 *
 * They change what the whole server does (its integrations, its payout risk limits): this spec
 * runs on the API of the specs that change such things, one test at a time
 * (playwright.config.ts), and puts back what it changed. The PSP and Deriv are the fakes, over
 * HTTP and WebSocket, in this process (as in pix-deposits.spec.ts); the PIX reach the API as a
 * PSP reports them, by its webhook, which the API checks with the PSP (GET /pix/{e2eid}).
 *
 * Not here: a Deriv payout made twice (the paid-twice panel). The fake Deriv drops the answer of
 * a transfer only together with the dry run's (crash-after-submit), so no flow of the fakes
 * leaves two transfers of one order; the API tests cover it (deriv-payout-exceptions.test.ts).
 */

test.use({ actionTimeout: 20_000 });

const PSP = { clientId: 'Client_Id_e2e_refunds', clientSecret: 'Client_Secret_e2e_refunds_0' };

/** A PIX to the platform's key that names no order, reported by the PSP's webhook. */
async function unmatchedPix(
  fake: FakePixPsp,
  baseURL: string,
  amount: string,
  name: string,
): Promise<ReceivedPix> {
  const pix = await fake.payUnknown({ amount, payer: { cpf: '52998224725', name } });
  const api = await request.newContext({ baseURL });
  try {
    const delivered = await api.post('/api/v1/webhooks/pix', { data: { pix: [pix] } });
    expect(delivered.status(), await delivered.text()).toBe(200);
  } finally {
    await api.dispose();
  }
  return pix;
}

/**
 * The panel `testId` alone at both widths when SHOTS_DIR is set (the order page is long: its
 * full-page shots make the panel small), then back to the size the page had.
 */
async function panelShots(page: Page, testId: string, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const before = page.viewportSize();
  for (const [width, height] of BOTH_WIDTHS) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(400);
    await page.getByTestId(testId).screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
  if (before) await page.setViewportSize(before);
}

/** The inbox's row of the payment paid by `name`. */
const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/** Opens the refund dialog of the row, writes the note and asks the PSP. */
async function askRefund(page: Page, locale: Locale, name: string, note: string) {
  await rowOf(page, name)
    .getByRole('button', { name: text(locale, 'adminPayments.refund.button') })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(text(locale, 'adminPayments.refund.intro'));
  await dialog
    .getByRole('textbox', { name: text(locale, 'adminPayments.refunded.note') })
    .fill(note);
  await dialog.getByRole('button', { name: text(locale, 'adminPayments.refund.submit') }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

for (const locale of LOCALES) {
  test.describe(`money exceptions in ${locale}`, () => {
    test('the inbox returns a PIX through the PSP: returned, refused, waiting for the PSP', async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const admin = await adminApi(baseURL!);
      const { pixKey } = (await (await admin.get('/api/v1/admin/settings')).json()) as {
        pixKey: string;
      };
      expect(pixKey, 'the demo PIX key').toBeTruthy();
      const fake = await startFakePixPsp({ ...PSP, key: pixKey });
      try {
        const saved = await admin.put('/api/v1/admin/integrations/pix', {
          data: {
            config: { apiUrl: fake.url, clientId: PSP.clientId },
            secrets: { clientSecret: PSP.clientSecret },
            deposits: true,
          },
        });
        expect(saved.status(), await saved.text()).toBe(200);
        await walkThrough(admin, fake);
      } finally {
        const off = await admin.put('/api/v1/admin/integrations/pix', {
          data: { deposits: false },
        });
        expect(off.status(), await off.text()).toBe(200);
        await admin.dispose();
        await fake.close();
      }

      async function walkThrough(admin: APIRequestContext, fake: FakePixPsp) {
        const tag = randomBytes(3).toString('hex');
        const returned = { name: `Pagador Devolvido ${tag}`, amount: '1234.56' };
        const refused = { name: `Pagador Recusado ${tag}`, amount: '321.09' };
        const waiting = { name: `Pagador Aguardando ${tag}`, amount: '87.65' };
        await unmatchedPix(fake, baseURL!, returned.amount, returned.name);
        const refusedPix = await unmatchedPix(fake, baseURL!, refused.amount, refused.name);
        const waitingPix = await unmatchedPix(fake, baseURL!, waiting.amount, waiting.name);
        const brl = (amount: string) => formatMoney(amount, { code: 'PIX' }, locale);

        const { page, context, errors } = await openPage(browser, locale);
        await page.setViewportSize({ width: 1366, height: 900 });
        await signInAdmin(page, locale, E2E_ADMIN.username, E2E_ADMIN.password);

        // in-app: the sidebar's link to the inbox
        const nav = page.getByRole('navigation', { name: text(locale, 'nav.adminArea') });
        await nav
          .getByRole('link', { name: new RegExp(`^${text(locale, 'pages.adminPayments.title')}`) })
          .click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          text(locale, 'pages.adminPayments.title'),
        );
        for (const payment of [returned, refused, waiting]) {
          const row = rowOf(page, payment.name);
          await expect(row).toContainText(brl(payment.amount));
          await expect(row).toContainText(text(locale, 'adminPayments.reasons.no_order'));
          await expect(row).toContainText(text(locale, 'adminPayments.statuses.unmatched'));
          // the PSP returns it: marking it returned by hand is not offered
          await expect(
            row.getByRole('button', { name: text(locale, 'adminPayments.refund.button') }),
          ).toBeVisible();
          await expect(
            row.getByRole('button', { name: text(locale, 'adminPayments.refunded.button') }),
          ).toHaveCount(0);
        }
        if (locale === 'pt-BR') expect(brl(returned.amount)).toBe('R$\u00a01.234,56');
        await saveShots(page, `money-inbox-${locale}-navigated`, BOTH_WIDTHS);

        // the dialog: the whole amount in the title, the note required
        await rowOf(page, returned.name)
          .getByRole('button', { name: text(locale, 'adminPayments.refund.button') })
          .click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toContainText(
          text(locale, 'adminPayments.refund.title').replace('{{amount}}', brl(returned.amount)),
        );
        await dialog
          .getByRole('button', { name: text(locale, 'adminPayments.refund.submit') })
          .click();
        await expect(dialog.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
        await saveShots(page, `money-inbox-${locale}-refund-dialog`, BOTH_WIDTHS);
        await dialog.getByRole('button', { name: text(locale, 'admin.common.close') }).click();
        await expect(dialog).toBeHidden();

        // 1. the PSP returns it: it leaves the waiting list, returned with the PSP's receipt
        await askRefund(page, locale, returned.name, 'Pagamento sem pedido: devolvido ao pagador');
        await expect(rowOf(page, returned.name)).toHaveCount(0);
        const devolucao = fake.refunds().find((r) => r.valor === returned.amount);
        expect(devolucao, 'the devolução asked of the PSP').toBeTruthy();
        expect(fake.refunds().filter((r) => r.valor === returned.amount)).toHaveLength(1);

        // 2. the PSP refuses it: its words on the row, which stays, now to be marked by hand
        fake.setMode(
          {
            kind: 'reject',
            status: 400,
            title: 'Devolução negada',
            detail: 'Conta do pagador encerrada.',
          },
          `/v2/pix/${refusedPix.endToEndId}/devolucao`,
        );
        await askRefund(page, locale, refused.name, 'Pagamento sem pedido: devolver');
        const refusedRow = rowOf(page, refused.name);
        const refusal = refusedRow.getByTestId('payment-refund-state');
        await expect(refusal).toHaveAttribute('data-state', 'refused');
        await expect(refusal).toHaveText(
          text(locale, 'adminPayments.refund.refused').replace(
            '{{reason}}',
            'Devolução negada: Conta do pagador encerrada.',
          ),
        );
        await expect(
          refusedRow.getByRole('button', { name: text(locale, 'adminPayments.refund.button') }),
        ).toHaveCount(0);
        await expect(
          refusedRow.getByRole('button', { name: text(locale, 'adminPayments.refunded.button') }),
        ).toBeVisible();

        // 3. the PSP does not answer (the client gives up after 10 s): asked, waiting for it
        fake.setMode({ kind: 'timeout' }, `/v2/pix/${waitingPix.endToEndId}/devolucao`);
        await askRefund(page, locale, waiting.name, 'Pagamento sem pedido: devolver');
        const waitingRow = rowOf(page, waiting.name);
        const asked = waitingRow.getByTestId('payment-refund-state');
        await expect(asked).toHaveAttribute('data-state', 'requested');
        await expect(asked).toHaveText(text(locale, 'adminPayments.refund.requested'));
        await expect(waitingRow).toContainText(text(locale, 'adminPayments.statuses.refunding'));
        await expect(waitingRow.getByRole('button')).toHaveCount(0);
        await saveShots(page, `money-inbox-${locale}-after-refunds`, BOTH_WIDTHS);

        // a fresh load of every payment: the three as they stand
        await page.goto(url(locale, '/admin/payments?status=all'));
        const done = rowOf(page, returned.name);
        await expect(done).toContainText(text(locale, 'adminPayments.statuses.refunded'));
        await expect(done.getByTestId('payment-refund-state')).toHaveText(
          text(locale, 'adminPayments.refund.returned').replace('{{receipt}}', devolucao!.rtrId),
        );
        await expect(rowOf(page, refused.name).getByTestId('payment-refund-state')).toHaveAttribute(
          'data-state',
          'refused',
        );
        await expect(rowOf(page, waiting.name).getByTestId('payment-refund-state')).toHaveAttribute(
          'data-state',
          'requested',
        );
        await saveShots(page, `money-inbox-${locale}-fresh-all`, BOTH_WIDTHS);

        // the PSP answers again: the refund's job looks the devolução up and settles it
        fake.setMode({ kind: 'ok' });
        await expect
          .poll(
            async () => {
              await page.reload();
              return rowOf(page, waiting.name)
                .getByTestId('payment-refund-state')
                .getAttribute('data-state');
            },
            { timeout: 45_000, intervals: [2_000, 3_000, 5_000] },
          )
          .toBe('returned');
        await expect(rowOf(page, waiting.name)).toContainText(
          text(locale, 'adminPayments.statuses.refunded'),
        );
        // one devolução per payment, whatever was pressed or retried; none of the refused one,
        // which the PSP would accept now: it waits for a person
        expect(fake.refunds().filter((r) => r.valor === waiting.amount)).toHaveLength(1);
        expect(fake.refunds().filter((r) => r.valor === refused.amount)).toHaveLength(0);
        await expect(rowOf(page, refused.name).getByTestId('payment-refund-state')).toHaveAttribute(
          'data-state',
          'refused',
        );
        await saveShots(page, `money-inbox-${locale}-fresh-settled`, BOTH_WIDTHS);

        expect(unexpectedErrors(errors)).toEqual([]);
        await context.close();
      }
    });

    test('a held payout the admin paid or refunded by hand shows the hold ended', async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const admin = await adminApi(baseURL!);
      try {
        await withSettings(admin, HOLDING_RISK_LIMITS, () => walkThrough(admin));
      } finally {
        await admin.dispose();
      }

      async function walkThrough(admin: APIRequestContext) {
        const paid = await paidOrder(baseURL!, admin, locale, { confirmFunds: true });
        const refunded = await paidOrder(baseURL!, admin, locale, { confirmFunds: true });
        // the value held: the payout's in reais
        const heldValue = new Map<string, string>();
        for (const order of [paid, refunded]) {
          const view = (await (
            await admin.get(`/api/v1/admin/orders/${order.reference}`)
          ).json()) as {
            payoutHold: { state: string; valueBrl: string } | null;
          };
          expect(view.payoutHold?.state, `${order.reference} held`).toBe('held');
          heldValue.set(order.reference, view.payoutHold!.valueBrl);
        }
        // the admin pays one by hand and refunds the other, as the order page does
        const pay = await admin.post(`/api/v1/admin/orders/${paid.reference}/pay`, {
          multipart: { file: await pngFile('pagamento.png'), payoutTxId: `E2E${paid.reference}` },
        });
        expect(pay.status(), await pay.text()).toBe(200);
        const refund = await admin.post(`/api/v1/admin/orders/${refunded.reference}/refund`, {
          multipart: { file: await pngFile('devolucao.png'), note: 'Cliente desistiu da troca' },
        });
        expect(refund.status(), await refund.text()).toBe(200);

        const { page, context, errors } = await openPage(browser, locale);
        await page.setViewportSize({ width: 1366, height: 900 });
        await signInAdmin(page, locale, E2E_ADMIN.username, E2E_ADMIN.password);
        for (const [order, state] of [
          [paid, 'paid_by_hand'],
          [refunded, 'refunded'],
        ] as const) {
          // in-app: the orders list, the order found by its reference, its page
          const nav = page.getByRole('navigation', { name: text(locale, 'nav.adminArea') });
          await nav.getByRole('link', { name: text(locale, 'pages.adminOrders.title') }).click();
          await page.getByLabel(text(locale, 'adminOrders.list.search')).fill(order.reference);
          const row = page.getByTestId(`order-row-${order.reference}`);
          await expect(page.locator('[data-testid^="order-row-"]')).toHaveCount(1);
          await row.getByRole('link', { name: order.reference }).click();
          for (const moment of ['navigated', 'fresh'] as const) {
            if (moment === 'fresh') await page.reload();
            await expect(page.getByRole('heading', { level: 1 })).toHaveText(
              text(locale, 'adminOrders.detail.title').replace('{{reference}}', order.reference),
            );
            const hold = page.getByTestId('payout-hold');
            await expect(hold).toHaveAttribute('data-state', state);
            await expect(hold).toContainText(text(locale, `adminOrders.hold.title.${state}`));
            await expect(hold).toContainText(
              text(locale, 'adminOrders.hold.reasons.order_over_limit'),
            );
            await expect(hold.getByTestId('payout-hold-ended')).toContainText(
              text(locale, 'adminOrders.hold.endedAt').split('{{date}}')[0]!,
            );
            // over: nothing to approve, and no word of a payout still to come
            await expect(
              hold.getByRole('button', { name: text(locale, 'adminOrders.hold.approve') }),
            ).toHaveCount(0);
            await expect(hold).not.toContainText(
              text(locale, 'adminOrders.hold.releaseAt').split('{{date}}')[0]!,
            );
            await expect(hold).toContainText(formatBrl(heldValue.get(order.reference)!, locale));
            await saveShots(page, `money-hold-${locale}-${state}-${moment}`, BOTH_WIDTHS);
            await panelShots(page, 'payout-hold', `money-hold-${locale}-${state}-${moment}-panel`);
          }
        }
        expect(unexpectedErrors(errors)).toEqual([]);
        await context.close();
      }
    });
  });
}

const DERIV_AGENT = { loginid: 'CR9000001', token: 'agent-token-e2e-0123' };

/**
 * A customer's PIX -> Deriv order (R$ 250,00 to their Deriv account), paid with a proof and its
 * funds confirmed by the admin: the automatic Deriv payout starts.
 */
async function derivOrder(
  baseURL: string,
  admin: APIRequestContext,
  locale: Locale,
  account: string,
): Promise<{ id: string; reference: string }> {
  const customer = await registerVerifiedCustomer(baseURL, admin, locale);
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'accept-language': locale },
  });
  const ok = async (answer: Awaited<ReturnType<APIRequestContext['post']>>, status = 200) => {
    expect(answer.status(), await answer.text()).toBe(status);
    return (await answer.json()) as Record<string, unknown>;
  };
  try {
    await ok(
      await api.post('/api/v1/auth/sign-in', {
        data: { email: customer.email, password: customer.password },
      }),
    );
    const saved = (await ok(
      await api.post('/api/v1/me/wallets', {
        data: { kind: 'deriv', token: 'DERIV', derivAccount: account },
      }),
      201,
    )) as { wallet: { id: string } };
    const quote = (await ok(
      await api.post('/api/v1/orders/quote', {
        data: { send: 'PIX', receive: 'DERIV', side: 'send', amount: '250' },
      }),
    )) as { quoteToken: string };
    const order = (await ok(
      await api.post('/api/v1/orders', {
        headers: { 'idempotency-key': `e2e-${randomBytes(8).toString('hex')}` },
        data: { quoteToken: quote.quoteToken, walletId: saved.wallet.id, paymentMethod: 'pix' },
      }),
      201,
    )) as { id: string; reference: string; amountSend: string };
    await ok(
      await api.post(`/api/v1/orders/${order.reference}/proof`, {
        multipart: { file: await pngFile('proof.png') },
      }),
    );
    await ok(await api.post(`/api/v1/orders/${order.reference}/confirm-payment`, { data: {} }));
    await ok(
      await admin.post(`/api/v1/admin/orders/${order.reference}/transition`, {
        data: { action: 'confirm_funds', amountReceived: order.amountSend },
      }),
    );
    return order;
  } finally {
    await api.dispose();
  }
}

for (const locale of LOCALES) {
  test(`Deriv refuses the agent's token: the payout stops and the integrations page says so (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const admin = await adminApi(baseURL!);
    const customerAccount = `CR${String(Date.now()).slice(-7)}`;
    const deriv = await startFakeDeriv({
      agentToken: DERIV_AGENT.token,
      agentLoginId: DERIV_AGENT.loginid,
      accounts: [
        {
          loginid: DERIV_AGENT.loginid,
          fullName: 'Agente E2E',
          currency: 'USD',
          balance: '100000',
        },
      ],
    });
    try {
      await withSettings(admin, NOT_HOLDING_RISK_LIMITS, () => tokenRefused(admin));
    } finally {
      await admin.dispose();
      await deriv.close();
    }

    async function tokenRefused(admin: APIRequestContext) {
      try {
        // the agent's token as saved is not the one Deriv knows (revoked at Deriv, say)
        const saved = await admin.put('/api/v1/admin/integrations/deriv', {
          data: {
            config: { wsUrl: deriv.url.replace(/\?.*$/, ''), appId: '1' },
            secrets: { token: 'revoked-token-e2e-0123' },
            payouts: true,
          },
        });
        expect(saved.status(), await saved.text()).toBe(200);
        const order = await derivOrder(baseURL!, admin, locale, customerAccount);

        // the payout's job asks Deriv, which refuses the token: the order stops in error
        await expect
          .poll(
            async () => {
              const view = (await (
                await admin.get(`/api/v1/admin/orders/${order.reference}`)
              ).json()) as { status: string; payoutError: { code: string } | null };
              return `${view.status}:${view.payoutError?.code ?? ''}`;
            },
            { timeout: 60_000, intervals: [1_000, 2_000, 3_000] },
          )
          .toBe('error:deriv_token_refused');
        expect(deriv.transfers(), 'no money moved').toEqual([]);

        const { page, context, errors } = await openPage(browser, locale);
        await page.setViewportSize({ width: 1366, height: 900 });
        await signInAdmin(page, locale, E2E_ADMIN.username, E2E_ADMIN.password);
        const nav = page.getByRole('navigation', { name: text(locale, 'nav.adminArea') });
        await nav
          .getByRole('link', { name: text(locale, 'pages.adminIntegrations.title') })
          .click();
        for (const moment of ['navigated', 'fresh'] as const) {
          if (moment === 'fresh') await page.reload();
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(
            text(locale, 'pages.adminIntegrations.title'),
          );
          const problem = page.getByTestId('integration-deriv-problem');
          await expect(problem).toContainText(
            text(locale, 'adminIntegrations.problems.token_refused'),
          );
          // Deriv's own words, quoted, after since when
          await expect(problem).toContainText('“InvalidToken: The token is invalid.”');
          await expect(problem).not.toContainText('..');
          await expect(page.getByTestId('integration-pix-problem')).toHaveCount(0);
          await saveShots(page, `money-deriv-token-${locale}-${moment}`, BOTH_WIDTHS);
          await panelShots(page, 'integration-deriv', `money-deriv-token-${locale}-${moment}-card`);
        }

        // the order's page says why its payout stopped, in words
        await page.goto(url(locale, `/admin/orders/${order.reference}`));
        const payoutError = page.getByTestId('payout-error');
        await expect(payoutError).toBeVisible();
        await expect(payoutError).not.toContainText('deriv_token_refused');
        await saveShots(page, `money-deriv-token-${locale}-order`, BOTH_WIDTHS);
        await panelShots(page, 'payout-error', `money-deriv-token-${locale}-order-error`);
        expect(unexpectedErrors(errors)).toEqual([]);
        await context.close();
      } finally {
        const off = await admin.put('/api/v1/admin/integrations/deriv', {
          data: { payouts: false },
        });
        expect(off.status(), await off.text()).toBe(200);
      }
    }
  });
}
