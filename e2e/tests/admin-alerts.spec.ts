import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { LOCALES } from '@permuta/contracts';
import {
  expect,
  openPage,
  signInAdmin,
  unexpectedErrors,
  url,
  type Locale,
} from './back-office.ts';
import { E2E_ADMIN } from './e2e-admin.ts';
import { adminApi, paidOrder } from './exchange-support.ts';
import { BOTH_WIDTHS, saveShots, seriousAxeFindings, test, text } from './support.ts';

/** The fake Telegram's control server (e2e/telegram-fake.ts). */
const TELEGRAM = process.env.E2E_TELEGRAM_URL!;
const STRONG = 'Adm1n!Strong';

async function sendToBot(chatId: number, message: string): Promise<number | null> {
  const res = await fetch(`${TELEGRAM}/deliver`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chatId, text: message }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { webhookStatus: number | null }).webhookStatus;
}

async function botMessagesTo(chatId: number): Promise<string[]> {
  const res = await fetch(`${TELEGRAM}/messages`);
  const messages = (await res.json()) as { chatId: string; text: string }[];
  return messages.filter((m) => m.chatId === String(chatId)).map((m) => m.text);
}

const switchOf = (page: Page, locale: Locale, key: string) =>
  page.getByRole('switch', { name: new RegExp(`^${text(locale, key)}`) });

for (const [index, locale] of LOCALES.entries()) {
  test(`an operator links Telegram on "Minha conta" and is told of an order to confirm (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // a fresh operator, created by the shared e2e admin
    const owner = await openPage(browser, locale);
    await signInAdmin(owner.page, locale, E2E_ADMIN.username, E2E_ADMIN.password);
    const username = `alert_${randomBytes(3).toString('hex')}`;
    const created = await owner.page.request.post('/api/v1/admin/admins', {
      data: { username, adminRole: 'operator', password: STRONG, confirmPassword: STRONG },
    });
    expect(created.status(), await created.text()).toBe(201);
    await owner.context.close();

    const { page, context, errors } = await openPage(browser, locale);
    await signInAdmin(page, locale, username, STRONG);
    // reached from the header: only the channels that carry alerts
    await page
      .getByRole('link', { name: text(locale, 'admin.access.myAccount'), exact: true })
      .click();
    await expect(page).toHaveURL((u) => u.pathname === url(locale, '/admin/account/security'));
    await expect(page.getByText(text(locale, 'notifications.intro.admin'))).toBeVisible();
    await expect(switchOf(page, locale, 'notifications.telegram.label')).toBeDisabled();
    await expect(switchOf(page, locale, 'notifications.email.label')).toHaveCount(0);

    await page.getByRole('button', { name: text(locale, 'notifications.telegram.link') }).click();
    const command = (await page.getByTestId('telegram-code').textContent())!.trim();
    const chatId = 950_000 + index * 1000 + Math.floor(Math.random() * 999);
    expect(await sendToBot(chatId, command)).toBe(200);
    await expect(switchOf(page, locale, 'notifications.telegram.label')).toBeChecked();
    await saveShots(page, `admin-alerts-${locale}-linked`, BOTH_WIDTHS);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // a customer reports a payment: the operator hears of it once, with the order's page
    const order = await paidOrder(baseURL!, await adminApi(baseURL!), locale);
    await expect
      .poll(async () => (await botMessagesTo(chatId)).filter((m) => m.includes(order.reference)), {
        timeout: 30_000,
      })
      .toHaveLength(1);
    const [alert] = (await botMessagesTo(chatId)).filter((m) => m.includes(order.reference));
    const link = alert!.split('\n')[1]!;
    expect(new URL(link).pathname).toBe(`/admin/orders/${order.reference}`);
    await page.goto(new URL(link).pathname);
    await expect(page.getByText(order.reference).first()).toBeVisible();

    // after a fresh load, still linked and on
    await page.goto(url(locale, '/admin/account/security'));
    await expect(switchOf(page, locale, 'notifications.telegram.label')).toBeChecked();
    await saveShots(page, `admin-alerts-${locale}-fresh`);

    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
}
