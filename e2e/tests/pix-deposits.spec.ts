import { startFakePixPsp } from '../../apps/api/src/fakes/fake-pix-psp.ts';
import { txidForOrder } from '../../apps/api/src/adapters/pix/pix-psp.ts';
import { expect, openPage, signInCustomer, url } from './back-office.ts';
import { adminApi, pendingOrder, registerVerifiedCustomer } from './exchange-support.ts';
import { saveShots, seriousAxeFindings, test, text } from './support.ts';

test.use({ actionTimeout: 20_000 });

/**
 * Automatic PIX deposits in the browser (decision 041), against the fake PSP over HTTP: the
 * order page shows the PSP charge's own code, the order confirms itself once the PSP reports the
 * payment, and a payment from someone else is returned with the reason on the page. The PIX
 * integration it turns on is the whole server's (every PIX order would get a PSP charge): it runs
 * on the API of the specs that change such things, one test at a time (playwright.config.ts).
 */
test('PIX order: the PSP charge on the page, paid and confirmed by itself, a stranger refunded', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const admin = await adminApi(baseURL!);
  const settings = (await (await admin.get('/api/v1/admin/settings')).json()) as {
    pixKey: string;
  };
  expect(settings.pixKey, 'the demo PIX key').toBeTruthy();
  const fake = await startFakePixPsp({
    clientId: 'Client_Id_e2e',
    clientSecret: 'Client_Secret_e2e_0123',
    key: settings.pixKey,
  });
  try {
    const saved = await admin.put('/api/v1/admin/integrations/pix', {
      data: {
        config: { apiUrl: fake.url, clientId: 'Client_Id_e2e' },
        secrets: { clientSecret: 'Client_Secret_e2e_0123' },
        deposits: true,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    // saving with deposits on registered our webhook with the PSP
    expect(fake.webhookUrl).toBe(`${baseURL}/api/v1/webhooks/pix`);

    for (const locale of ['pt-BR', 'en-US'] as const) {
      const customer = await registerVerifiedCustomer(baseURL!, admin, locale);
      const order = await pendingOrder(baseURL!, customer, locale);
      const { page } = await openPage(browser, locale);
      await signInCustomer(page, locale, customer);
      await page.goto(url(locale, `/profile/my-orders/${order.reference}`));

      // the charge's job runs in the background; the live page shows its code when made
      const card = page.getByTestId('payment-pix');
      await expect(card.getByTestId('pix-charge')).toBeVisible({ timeout: 60_000 });
      const cob = fake.charges().find((c) => c.txid === txidForOrder(order.id));
      expect(cob, 'the PSP charge').toBeTruthy();
      await expect(card.getByTestId('pix-br-code')).toHaveText(cob!.pixCopiaECola);
      await expect(card.getByRole('img')).toBeVisible();
      await expect(card).toContainText(text(locale, 'orders.pay.pix.introCharge'));
      expect(await seriousAxeFindings(page), 'order page, PSP charge').toEqual([]);
      await saveShots(page, `pix-charge-${locale}`);

      if (locale === 'pt-BR') {
        // the customer pays: the PSP's webhook confirms the order, the page follows by itself
        const paid = await fake.pay({
          txid: cob!.txid,
          payer: { cpf: customer.cpf, name: customer.name },
        });
        expect(paid.webhook, 'the PSP webhook delivered').toMatchObject({ status: 200 });
        await expect(page.getByTestId('order-status')).toHaveText(
          text(locale, 'orders.customerStatus.admin_confirmed'),
          { timeout: 30_000 },
        );
      } else {
        // someone else pays it: returned, and the page says why; the order still waits
        const paid = await fake.pay({
          txid: cob!.txid,
          payer: { cpf: '52998224725', name: 'Outra Pessoa' },
        });
        expect(paid.webhook, 'the PSP webhook delivered').toMatchObject({ status: 200 });
        await expect(page.getByTestId('payment-returned')).toBeVisible({ timeout: 30_000 });
        await expect
          .poll(() => fake.refunds().filter((r) => r.valor === cob!.valor.original).length, {
            timeout: 30_000,
          })
          .toBeGreaterThan(0);
        await expect(page.getByTestId('payment-returned')).toContainText(
          'came from someone else and was returned',
          { timeout: 30_000 },
        );
        await expect(page.getByTestId('order-status')).toHaveText(
          text(locale, 'orders.customerStatus.pending'),
        );
      }
      await saveShots(page, `pix-after-payment-${locale}`);
      await page.context().close();
    }
  } finally {
    await admin.put('/api/v1/admin/integrations/pix', { data: { deposits: false } });
    await admin.dispose();
    await fake.close();
  }
});
