import type { APIRequestContext } from '@playwright/test';
import { LOCALES } from '@permuta/contracts';
import type { Dashboard } from '@permuta/contracts/dashboard';
import {
  expect,
  openPage,
  registerConfirmedCustomer,
  signInAdmin,
  unexpectedErrors,
  url,
  type Locale,
} from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import { adminApi, paidOrder, pngFile } from './exchange-support.ts';
import { test, text, seriousAxeFindings } from './support.ts';

/** "1234.5" as the page writes it: `1.234,5` in Portuguese, `1,234.5` in English. */
function localAmount(amount: string, locale: Locale, minDecimals = 0): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const group = locale === 'pt-BR' ? '.' : ',';
  const point = locale === 'pt-BR' ? ',' : '.';
  const digits = fraction.padEnd(minDecimals, '0');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)}${digits ? point + digits : ''}`;
}

/** `2026-03-20` as the tables write it: `20/03/2026` or `03/20/2026`. */
function localDay(isoDay: string, locale: Locale): string {
  const [y, m, d] = isoDay.split('-');
  return locale === 'pt-BR' ? `${d}/${m}/${y}` : `${m}/${d}/${y}`;
}

/** How many orders the admin order list holds in `status`, every page walked. */
async function listedOrders(admin: APIRequestContext, status: string): Promise<string[]> {
  const references: string[] = [];
  let cursor: string | null = null;
  do {
    const answer = await admin.get(
      `/api/v1/admin/orders?status=${status}&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(answer.status(), await answer.text()).toBe(200);
    const page = (await answer.json()) as {
      items: { reference: string }[];
      nextCursor: string | null;
    };
    references.push(...page.items.map((item) => item.reference));
    cursor = page.nextCursor;
  } while (cursor);
  return references;
}

for (const locale of LOCALES) {
  test.describe(`admin dashboard in ${locale}`, () => {
    test('an admin sees the queues with their counts, the charts and their tables', async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const admin = await adminApi(baseURL!);

      // --- data through the API: orders waiting, funds confirmed, a document to review -----
      const waiting = await paidOrder(baseURL!, admin, locale);
      const confirmed = await paidOrder(baseURL!, admin, locale, { confirmFunds: true });
      const uploader = await openPage(browser, locale);
      const newcomer = await registerConfirmedCustomer(uploader.page, locale);
      const signedIn = await uploader.page.request.post('/api/v1/auth/sign-in', {
        data: { email: newcomer.email, password: newcomer.password },
      });
      expect(signedIn.status(), await signedIn.text()).toBe(200);
      const uploaded = await uploader.page.request.post('/api/v1/me/documents/national_id', {
        multipart: { file: await pngFile('national_id.png') },
      });
      expect(uploaded.status(), await uploaded.text()).toBe(201);
      await uploader.context.close();

      // --- the dashboard, as the admin opens it after signing in --------------------------
      const { page, context, errors } = await openPage(browser, locale);
      await signInAdmin(page, locale, E2E_ADMIN.username, E2E_ADMIN.password);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(locale, 'pages.adminDashboard.title'),
      );
      const nav = page.getByRole('navigation', { name: text(locale, 'nav.adminArea') });
      await expect(nav.getByRole('link').first()).toHaveText(
        text(locale, 'pages.adminDashboard.title'),
      );

      // other tests change orders meanwhile: compare the screen with the lists at one moment
      let dashboard: Dashboard | undefined;
      await expect(async () => {
        await page.reload();
        const userConfirmed = await listedOrders(admin, 'user_confirmed');
        const paid = await listedOrders(admin, 'paid');
        const adminConfirmed = await listedOrders(admin, 'admin_confirmed');
        const processing = await listedOrders(admin, 'processing');
        const inError = await listedOrders(admin, 'error');
        expect(userConfirmed).toContain(waiting.reference);
        expect(adminConfirmed).toContain(confirmed.reference);

        const quick = { timeout: 3000 };
        await expect(page.getByTestId('queue-awaitingConfirmation-count')).toHaveText(
          String(userConfirmed.length + paid.length),
          quick,
        );
        await expect(page.getByTestId('queue-awaitingPayout-count')).toHaveText(
          String(adminConfirmed.length + processing.length),
          quick,
        );
        await expect(page.getByTestId('queue-inError-count')).toHaveText(
          String(inError.length),
          quick,
        );
        await expect(page.getByTestId('queue-awaitingConfirmation-user_confirmed')).toHaveText(
          `${text(locale, 'adminOrders.status.user_confirmed')}: ${userConfirmed.length}`,
          quick,
        );
        const answer = await admin.get('/api/v1/admin/dashboard');
        dashboard = (await answer.json()) as Dashboard;
        expect(dashboard.queues.awaitingConfirmation.count).toBe(
          userConfirmed.length + paid.length,
        );
        await expect(page.getByTestId('queue-documents-count')).toHaveText(
          String(dashboard.queues.documents.count),
          quick,
        );
      }).toPass({ timeout: 90_000 });

      const data = dashboard!;
      expect(data.queues.documents.count).toBeGreaterThanOrEqual(1);
      if (data.queues.documents.count <= 10) {
        await expect(page.getByTestId('queue-documents')).toContainText(newcomer.name);
      }
      await expect(page.getByTestId('queue-awaitingConfirmation-user_confirmed')).toHaveAttribute(
        'href',
        url(locale, '/admin/orders?status=user_confirmed'),
      );

      // --- the four charts are drawn --------------------------------------------------------
      for (const chart of ['chart-orders', 'chart-volume', 'chart-customers', 'chart-prices']) {
        await expect(
          page.getByTestId(`${chart}-chart`).locator('svg.recharts-surface').first(),
        ).toBeVisible();
      }
      expect(await seriousAxeFindings(page), 'dashboard').toEqual([]);

      // --- and each one has its table, with the values of the answer at that moment ---------
      const showTable = (chart: string) =>
        page
          .getByTestId(chart)
          .getByRole('button', { name: text(locale, 'adminDashboard.charts.showTable') })
          .click();
      const rowOf = (chart: string, isoDay: string) =>
        page
          .getByTestId(`${chart}-table`)
          .getByRole('row', { name: new RegExp(localDay(isoDay, locale)) });
      await expect(async () => {
        await page.reload();
        const answer = (await (await admin.get('/api/v1/admin/dashboard')).json()) as Dashboard;
        const quick = { timeout: 3000 };
        for (const chart of ['chart-orders', 'chart-volume', 'chart-customers', 'chart-prices']) {
          await showTable(chart);
        }

        const today = answer.ordersPerDay.at(-1)!;
        expect(today.counts.user_confirmed).toBeGreaterThanOrEqual(1);
        expect(today.counts.admin_confirmed).toBeGreaterThanOrEqual(1);
        await expect(rowOf('chart-orders', today.date).getByRole('cell').last()).toHaveText(
          String(today.total),
          quick,
        );

        const pixToUsdt = answer.volumePerPair.find(
          (p) => p.send === 'PIX' && p.receive === 'USDT',
        );
        const volumeToday = pixToUsdt!.days.at(-1)!;
        expect(volumeToday.orders).toBeGreaterThanOrEqual(1);
        await expect(rowOf('chart-volume', volumeToday.date)).toContainText(
          localAmount(volumeToday.amountBrl, locale, 2),
          quick,
        );

        const thisWeek = answer.newCustomersPerWeek.at(-1)!;
        expect(thisWeek.count).toBeGreaterThanOrEqual(3);
        await expect(rowOf('chart-customers', thisWeek.weekStart)).toContainText(
          String(thisWeek.count),
          quick,
        );

        const usdtToday = answer.prices.find((p) => p.token === 'USDT')!.days.at(-1)!;
        expect(usdtToday.priceBrl).not.toBeNull();
        await expect(rowOf('chart-prices', usdtToday.date)).toContainText(
          localAmount(usdtToday.priceBrl!, locale),
          quick,
        );
      }).toPass({ timeout: 90_000 });

      expect(await seriousAxeFindings(page), 'dashboard with tables shown').toEqual([]);
      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
      await admin.dispose();
    });
  });
}
