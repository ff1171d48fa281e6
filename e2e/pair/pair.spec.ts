/**
 * The journey of a customer and an admin through nginx in front of two instances (decision 055):
 * register, confirm the e-mail, send the KYC documents, the admin approves them on the other
 * instance than the one that stored them (and reads them back from the shared S3 bucket there),
 * an order whose page follows the admin's steps live (server-sent events), a review. Meanwhile
 * an instance is stopped with SIGTERM and started again, twice, under steady traffic: no request
 * fails that a browser would not retry (nginx answered no 5xx, the pages show no error), nothing
 * is lost, and every job ran once (each e-mail arrives once; no e-mail job was enqueued twice or
 * run again).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { DOCUMENT_TYPES, LOCALES } from '@permuta/contracts';
import type { DocumentType, LockedQuote, OrderView } from '@permuta/contracts';
import type { TestCustomer } from '../tests/accounts-support.ts';
import { waitForMails } from '../tests/accounts-support.ts';
import {
  expect,
  fieldName,
  openPage,
  signInCustomer,
  url,
  type Locale,
} from '../tests/back-office.ts';
import { E2E_ADMIN } from '../tests/e2e-admin.ts';
import {
  expectCustomerStatus,
  orderMailSubject,
  pixWalletOf,
  pngFile,
  waitForOrderMails,
} from '../tests/exchange-support.ts';
import {
  documentFiles,
  openConfirmationLink,
  registerThroughForm,
  uploadDocument,
} from '../tests/kyc-support.ts';
import { saveShots, test, text } from '../tests/support.ts';
import type { InstanceName } from './harness.ts';

const MAIL: Record<Locale, { confirm: string; approved: string; verified: string }> = {
  'pt-BR': {
    confirm: 'Confirme seu e-mail',
    approved: 'Documento aprovado: ',
    verified: 'Sua conta foi verificada',
  },
  'en-US': {
    confirm: 'Confirm your e-mail',
    approved: 'Document approved: ',
    verified: 'Your account is verified',
  },
};

/** Stops (SIGTERM) or starts an instance of the pair through the harness's control port. */
async function control(action: 'stop' | 'start', name: InstanceName) {
  const response = await fetch(`${process.env.PAIR_CONTROL_URL}/instances/${name}/${action}`, {
    method: 'POST',
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { code?: number | null };
}

const other = (name: InstanceName): InstanceName => (name === 'a' ? 'b' : 'a');

function instanceOf(response: APIResponse | { headers(): Record<string, string> }): InstanceName {
  const name = response.headers()['x-instance'];
  expect(['a', 'b'], 'x-instance').toContain(name);
  return name as InstanceName;
}

interface Answer {
  what: string;
  status: number;
  instance?: string;
  error?: string;
}

/**
 * Steady traffic in two loops until `stop()`: each loop sends the given requests in turn, as
 * fast as answers come; every answer (or failure) is kept.
 */
function traffic(requests: { what: string; send: () => Promise<APIResponse> }[]) {
  let running = true;
  const answers: Answer[] = [];
  const loop = async (offset: number) => {
    for (let i = offset; running; i += 1) {
      const request = requests[i % requests.length]!;
      try {
        const response = await request.send();
        answers.push({
          what: request.what,
          status: response.status(),
          instance: response.headers()['x-instance'],
        });
      } catch (error) {
        answers.push({ what: request.what, status: 0, error: String(error) });
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const loops = [loop(0), loop(1)];
  return {
    async stop(): Promise<Answer[]> {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}

/**
 * Stops `name` (SIGTERM) and starts it again under `load`: `whileStopping` runs as the signal is
 * sent (the instance drains meanwhile), `whileStopped` once it has exited. Answers what the load
 * got meanwhile.
 */
async function restartUnderLoad(
  name: InstanceName,
  load: ReturnType<typeof traffic>,
  steps: { whileStopping?: () => Promise<void>; whileStopped?: () => Promise<void> },
): Promise<Answer[]> {
  // some traffic first, on both instances and their kept-alive connections
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const stopped = control('stop', name);
  await steps.whileStopping?.();
  expect((await stopped).code, `instance ${name} exit code`).toBe(0);
  await steps.whileStopped?.();
  await control('start', name);
  // a little traffic after the restart, so that the started instance takes some
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  return load.stop();
}

function expectNoFailure(answers: Answer[], ok: number[]) {
  const failed = answers.filter((answer) => !ok.includes(answer.status));
  expect(failed, 'answers other than expected').toEqual([]);
  expect(answers.length, 'requests sent during the restart').toBeGreaterThan(20);
}

/** nginx's access log since `from` (its byte length then): the lines it answered with 5xx. */
function serverErrorsSince(from: number): string[] {
  const log = readFileSync(process.env.PAIR_ACCESS_LOG!, 'utf8').slice(from);
  return log.split('\n').filter((line) => /^5\d\d /.test(line));
}

const accessLogLength = () => readFileSync(process.env.PAIR_ACCESS_LOG!, 'utf8').length;

/** The page shows no error: no error toast, no error boundary. */
async function expectNoErrorShown(page: Page) {
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
  await expect(page.getByTestId('error-boundary')).toHaveCount(0);
}

async function ok(response: APIResponse, status = 200): Promise<APIResponse> {
  expect(response.status(), await response.text()).toBe(status);
  return response;
}

/** A fresh admin API session through nginx (the harness's certificate is self-signed). */
async function adminSession(page: Page): Promise<APIRequestContext> {
  const api = page.context().request;
  await ok(await api.post('/api/v1/admin/auth/sign-in', { data: E2E_ADMIN }));
  return api;
}

test.describe.configure({ mode: 'serial' });

for (const locale of LOCALES) {
  test(`balanced pair: a customer's journey while each instance is stopped and started again (${locale})`, async ({
    browser,
  }) => {
    const t = (key: string) => text(locale, key);
    const logFrom = accessLogLength();
    const customerTab = await openPage(browser, locale);
    const adminTab = await openPage(browser, locale);
    const page = customerTab.page;
    const admin = await adminSession(adminTab.page);

    // --- registration, the e-mail confirmed, the documents sent ---------------------------------
    await page.goto(url(locale, '/registration'));
    await page.waitForLoadState('networkidle');
    const customer: TestCustomer = await registerThroughForm(page, locale);
    await openConfirmationLink(page, locale, customer.email, MAIL[locale].confirm);
    await signInCustomer(page, locale, customer);
    await page.goto(url(locale, '/profile/documents'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t('pages.profileDocuments.title'),
    );
    const uploads = new Map<DocumentType, { id: string; instance: InstanceName }>();
    const files = await documentFiles();
    for (const type of DOCUMENT_TYPES) {
      const answered = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname === `/api/v1/me/documents/${type}`,
      );
      await uploadDocument(page, locale, type, files[type]);
      const response = await answered;
      expect(response.status()).toBe(201);
      uploads.set(type, {
        id: ((await response.json()) as { id: string }).id,
        instance: instanceOf(response),
      });
    }
    await saveShots(page, `pair-${locale}-documents-sent`);

    // --- the instance that stored the last document stops; the admin approves on the other -----
    const stored = uploads.get(DOCUMENT_TYPES.at(-1)!)!.instance;
    const customerApi = page.context().request;
    const kycLoad = traffic([
      { what: 'GET my documents', send: () => customerApi.get('/api/v1/me/documents') },
      { what: 'GET my session', send: () => customerApi.get('/api/v1/me') },
    ]);
    const kycAnswers = await restartUnderLoad(stored, kycLoad, {
      // it is gone: every approval is served by the other instance
      whileStopped: async () => {
        for (const type of DOCUMENT_TYPES) {
          const reviewed = await ok(
            await admin.post(`/api/v1/admin/documents/${uploads.get(type)!.id}/review`, {
              data: { decision: 'approve' },
            }),
          );
          expect(instanceOf(reviewed), `approval of ${type}`).toBe(other(stored));
          // the file it stored is read by the other instance from the shared bucket
          const file = await ok(
            await admin.get(`/api/v1/admin/documents/${uploads.get(type)!.id}/file`),
          );
          expect(instanceOf(file), `file of ${type}`).toBe(other(stored));
          expect((await file.body()).length, `file of ${type}`).toBeGreaterThan(100);
        }
      },
    });
    expectNoFailure(kycAnswers, [200]);
    expect(new Set(kycAnswers.map((answer) => answer.instance))).toEqual(new Set(['a', 'b']));

    await page.reload();
    for (const type of DOCUMENT_TYPES) {
      await expect(
        page.getByTestId(`document-card-${type}`).getByTestId('document-status'),
      ).toHaveText(t('documents.status.approved'));
    }
    await expect(page.getByText(t('documents.verifiedTitle'))).toBeVisible();
    await expectNoErrorShown(page);
    await saveShots(page, `pair-${locale}-documents-approved`);

    // --- an order, its page open -----------------------------------------------------------------
    const wallet = await ok(
      await customerApi.post('/api/v1/me/wallets', { data: pixWalletOf(customer) }),
      201,
    );
    const walletId = ((await wallet.json()) as { wallet: { id: string } }).wallet.id;
    const quoteBody = {
      send: 'USDT',
      receive: 'PIX',
      network: 'TRC20',
      side: 'send',
      amount: '100',
    };
    const quote = await ok(await customerApi.post('/api/v1/orders/quote', { data: quoteBody }));
    const created = await ok(
      await customerApi.post('/api/v1/orders', {
        headers: { 'idempotency-key': `pair-${randomBytes(8).toString('hex')}` },
        data: { quoteToken: ((await quote.json()) as LockedQuote).quoteToken, walletId },
      }),
      201,
    );
    const order = (await created.json()) as OrderView;
    const ref = encodeURIComponent(order.reference);
    const stream = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api/v1/orders/${ref}/events`,
    );
    await page.goto(url(locale, `/profile/my-orders/${order.reference}`));
    await expectCustomerStatus(page, locale, 'pending');
    const streaming = instanceOf(await stream);

    // the customer says it paid, from another session: the open page hears it
    await ok(
      await customerApi.post(`/api/v1/orders/${ref}/confirm-payment`, {
        data: { txHash: randomBytes(32).toString('hex') },
      }),
    );
    await expectCustomerStatus(page, locale, 'user_confirmed');

    // --- the instance streaming the page stops; the admin confirms the funds meanwhile ---------
    const orderLoad = traffic([
      {
        what: 'POST a quote',
        send: () => customerApi.post('/api/v1/orders/quote', { data: quoteBody }),
      },
      { what: 'GET the order', send: () => customerApi.get(`/api/v1/orders/${ref}`) },
    ]);
    const orderAnswers = await restartUnderLoad(streaming, orderLoad, {
      // while it drains: the POST is served by one of them, and the page hears of it
      whileStopping: async () => {
        await ok(
          await admin.post(`/api/v1/admin/orders/${ref}/transition`, {
            data: { action: 'confirm_funds', amountReceived: '100' },
          }),
        );
        await expectCustomerStatus(page, locale, 'admin_confirmed');
      },
      // the page's stream ended with its instance; the browser reconnected through nginx
      whileStopped: async () => {
        await ok(
          await admin.post(`/api/v1/admin/orders/${ref}/pay`, {
            multipart: {
              file: await pngFile('pagamento.png'),
              payoutTxId: `PAIR${order.reference}`,
            },
          }),
        );
        await expectCustomerStatus(page, locale, 'admin_paid');
      },
    });
    expectNoFailure(orderAnswers, [200]);
    expect(new Set(orderAnswers.map((answer) => answer.instance))).toEqual(new Set(['a', 'b']));

    // the admin completes the order: the open page hears it, from either instance
    await ok(
      await admin.post(`/api/v1/admin/orders/${ref}/transition`, { data: { action: 'complete' } }),
    );
    await expectCustomerStatus(page, locale, 'completed');
    await expectNoErrorShown(page);
    await saveShots(page, `pair-${locale}-order-completed`);

    // --- a review of the completed order ---------------------------------------------------------
    await page.getByRole('link', { name: t('reviews.fromOrder') }).click();
    await expect(page).toHaveURL((u) => u.pathname === url(locale, '/profile/reviews'));
    const form = page.getByRole('form', { name: t('reviews.write.formLabel') });
    await expect(
      form.getByRole('combobox', { name: fieldName(t('reviews.write.order')) }),
    ).toHaveValue(new RegExp(`^${order.reference} · `));
    const group = form.getByRole('group', { name: t('reviews.rating') });
    // the stars by keyboard, as reviews.spec.ts chooses them: the first, then four to the right
    await group.getByRole('radio').first().focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
    await expect(group.getByRole('radio').last()).toBeChecked();
    const review =
      locale === 'en-US'
        ? `Served by two machines and never noticed it (${randomBytes(3).toString('hex')}).`
        : `Atendido por duas máquinas sem perceber nada (${randomBytes(3).toString('hex')}).`;
    await form.getByRole('textbox', { name: fieldName(t('reviews.write.text')) }).fill(review);
    await form.getByRole('button', { name: t('reviews.write.submit') }).click();
    await expect(page.getByText(t('reviews.write.done'))).toBeVisible();
    await expect(page.getByTestId(`my-review-${order.reference}`)).toContainText(review);
    await expectNoErrorShown(page);
    await saveShots(page, `pair-${locale}-review`);

    // --- nothing failed, nothing lost, every job once ---------------------------------------------
    expect(serverErrorsSince(logFrom), 'nginx answered 5xx').toEqual([]);
    // the order's e-mails: exactly one each
    await waitForOrderMails(customer.email, [
      orderMailSubject(locale, order.reference, 'created'),
      orderMailSubject(locale, order.reference, 'user_confirmed'),
      orderMailSubject(locale, order.reference, 'admin_confirmed'),
      orderMailSubject(locale, order.reference, 'admin_paid'),
      orderMailSubject(locale, order.reference, 'completed'),
    ]);
    // the account's: the confirmation, one per approved document, the account verified
    const mails = await waitForMails(customer.email, 10);
    const accountMails = mails
      .map((mail) => mail.subject.replace(/ - [^-]+$/, ''))
      .filter((subject) => !subject.includes(order.reference));
    expect(accountMails.toSorted()).toEqual(
      [
        MAIL[locale].confirm,
        MAIL[locale].verified,
        ...accountMails.filter((subject) => subject.startsWith(MAIL[locale].approved)),
      ].toSorted(),
    );
    expect(
      accountMails.filter((subject) => subject.startsWith(MAIL[locale].approved)),
    ).toHaveLength(DOCUMENT_TYPES.length);
    // a moment more: a second delivery of any of them would show now
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await waitForMails(customer.email, 10)).toHaveLength(10);

    // pg-boss: each of the customer's e-mail jobs enqueued once, and run once, with no retry
    const db = new pg.Client({ connectionString: process.env.PAIR_DATABASE_URL });
    await db.connect();
    try {
      const { rows } = await db.query<{ state: string; retry_count: number; data: unknown }>(
        `SELECT state, retry_count, data FROM pgboss.job WHERE name = 'email' AND data::text LIKE '%' || $1 || '%'`,
        [customer.email],
      );
      // the order's five at least (the account's may be sent without a job)
      expect(rows.length).toBeGreaterThanOrEqual(5);
      expect(rows.filter((row) => row.state !== 'completed' || row.retry_count !== 0)).toEqual([]);
      const duplicates = await db.query(
        `SELECT data::text, count(*) FROM pgboss.job WHERE name = 'email' AND data::text LIKE '%' || $1 || '%'
          GROUP BY data::text HAVING count(*) > 1`,
        [customer.email],
      );
      expect(duplicates.rows, 'jobs enqueued twice').toEqual([]);
    } finally {
      await db.end();
    }

    expect(customerTab.errors, 'console errors of the customer').toEqual([]);
    expect(adminTab.errors, 'console errors of the admin').toEqual([]);
    await customerTab.context.close();
    await adminTab.context.close();
  });
}
