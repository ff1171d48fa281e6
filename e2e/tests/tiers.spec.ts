import { LOCALES } from '@permuta/contracts';
import { formatBrl } from '@permuta/contracts/money';
import type { TierLimitsView } from '@permuta/contracts/tiers';
import { expect, openPage, signInCustomer, unexpectedErrors, url } from './back-office.ts';
import { adminApi, pendingOrder, pngFile, registerVerifiedCustomer } from './exchange-support.ts';
import { saveShots, seriousAxeFindings, test, text } from './support.ts';

test.use({ actionTimeout: 20_000 });

for (const locale of LOCALES) {
  test(`limits: the screen shows an order's value used, and an approved enhanced request raises the level (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const admin = await adminApi(baseURL!);
    const customer = await registerVerifiedCustomer(baseURL!, admin, locale);
    const order = await pendingOrder(baseURL!, customer, locale);
    const { page, errors } = await openPage(browser, locale);
    await signInCustomer(page, locale, customer);

    // in-app: the profile menu leads to the limits screen
    await page
      .getByRole('navigation', { name: text(locale, 'nav.customerArea') })
      .first()
      .getByRole('link', { name: text(locale, 'pages.profileLimits.title') })
      .click();
    await expect(page).toHaveURL((current) => current.pathname === url(locale, '/profile/limits'));
    const before = (await (
      await page.request.get('/api/v1/orders/tier-limits')
    ).json()) as TierLimitsView;
    expect(before.level).toBe(2);
    expect(before.usedTodayBrl).not.toBe('0.00');
    await expect(page.getByTestId('tier-level')).toHaveText(text(locale, 'limits.levels.2'));
    await expect(page.getByTestId('limit-daily-used')).toHaveText(
      text(locale, 'limits.usedOf')
        .replace('{{used}}', formatBrl(before.usedTodayBrl, locale))
        .replace('{{limit}}', formatBrl(before.dailyBrl, locale)),
    );
    await expect(page.getByTestId('limit-monthly-remaining')).toHaveText(
      text(locale, 'limits.remaining').replace(
        '{{amount}}',
        formatBrl(before.remainingMonthBrl, locale),
      ),
    );
    // the order placed is what the day has used (the customer's only order)
    expect(Number(before.usedTodayBrl)).toBeGreaterThan(0);
    expect(order.reference).toMatch(/^EX-/);
    await saveShots(page, `limits-level2-${locale}`);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // the enhanced request: two proofs and the declaration
    for (const type of ['proof_of_income', 'source_of_funds'] as const) {
      const card = page.getByTestId(`document-card-${type}`);
      const chooser = page.waitForEvent('filechooser');
      await card.getByTestId(`upload-${type}`).click();
      await (await chooser).setFiles(await pngFile(`${type}.png`));
      await expect(card.getByTestId('document-status')).toHaveText(
        text(locale, 'documents.status.uploaded'),
      );
    }
    await page.getByTestId('income-range').selectOption('20k_to_50k');
    await page.getByTestId('occupation').fill('Arquiteta');
    await page.getByTestId('declare-enhanced').click();
    await expect(page.getByTestId('enhanced-waiting')).toHaveText(
      text(locale, 'limits.enhanced.waiting'),
    );
    await saveShots(page, `limits-enhanced-sent-${locale}`);

    // the back office approves both proofs
    const queue = (await (await admin.get('/api/v1/admin/documents?limit=100')).json()) as {
      items: { id: string; type: string; customer: { email: string } }[];
    };
    const proofs = queue.items.filter((item) => item.customer.email === customer.email);
    expect(proofs.map((item) => item.type).sort()).toEqual(['proof_of_income', 'source_of_funds']);
    for (const proof of proofs) {
      const reviewed = await admin.post(`/api/v1/admin/documents/${proof.id}/review`, {
        data: { decision: 'approve' },
      });
      expect(reviewed.status(), await reviewed.text()).toBe(200);
    }

    // after a reload the level and its limits are higher
    await page.reload();
    await expect(page.getByTestId('tier-level')).toHaveText(text(locale, 'limits.levels.3'));
    const after = (await (
      await page.request.get('/api/v1/orders/tier-limits')
    ).json()) as TierLimitsView;
    expect(Number(after.dailyBrl)).toBeGreaterThan(Number(before.dailyBrl));
    await expect(page.getByTestId('limit-daily-used')).toHaveText(
      text(locale, 'limits.usedOf')
        .replace('{{used}}', formatBrl(after.usedTodayBrl, locale))
        .replace('{{limit}}', formatBrl(after.dailyBrl, locale)),
    );
    await expect(page.getByTestId('top-level')).toBeVisible();
    await saveShots(page, `limits-level3-${locale}`);

    // the exchange screen's limit line leads back here
    await page.goto(url(locale, '/profile/exchange-now'));
    await page.getByTestId('limits-link').click();
    await expect(page).toHaveURL((current) => current.pathname === url(locale, '/profile/limits'));
    await expect(page.getByTestId('tier-level')).toHaveText(text(locale, 'limits.levels.3'));
    expect(unexpectedErrors(errors)).toEqual([]);
    await admin.dispose();
  });
}
