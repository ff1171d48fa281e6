import type { Page } from '@playwright/test';
import { LOCALES } from '@permuta/contracts';
import {
  expect,
  openPage,
  signInCustomer,
  unexpectedErrors,
  url,
  type Locale,
} from './back-office.ts';
import { adminApi, registerVerifiedCustomer } from './exchange-support.ts';
import { BOTH_WIDTHS, saveShots, seriousAxeFindings, test, text } from './support.ts';

/** The fake Telegram's control server (e2e/telegram-fake.ts). */
const TELEGRAM = process.env.E2E_TELEGRAM_URL!;

/** A person writes `text` to the bot from the private chat `chatId`. */
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

/** Opens the notifications screen from the customer area's menu. */
async function openFromMenu(page: Page, locale: Locale) {
  const name = text(locale, 'nav.customerArea');
  await page
    .getByRole('navigation', { name })
    .filter({ visible: true })
    .first()
    .getByRole('link', { name: text(locale, 'pages.profileNotifications.title') })
    .click();
  await expect(page).toHaveURL(new RegExp(`${url(locale, '/profile/notifications')}$`));
}

const switchOf = (page: Page, locale: Locale, key: string) =>
  page.getByRole('switch', { name: new RegExp(`^${text(locale, key)}`) });

for (const [index, locale] of LOCALES.entries()) {
  test(`notification channels: link Telegram through the bot, e-mail off and back (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const admin = await adminApi(baseURL!);
    const customer = await registerVerifiedCustomer(baseURL!, admin, locale);
    const { page, context, errors } = await openPage(browser, locale);
    await signInCustomer(page, locale, customer);

    // --- reached from the menu: e-mail on, Telegram waiting for a link -------------------
    await openFromMenu(page, locale);
    await expect(
      page.getByRole('heading', { name: text(locale, 'pages.profileNotifications.title') }),
    ).toBeVisible();
    await expect(switchOf(page, locale, 'notifications.email.label')).toBeChecked();
    await expect(switchOf(page, locale, 'notifications.telegram.label')).toBeDisabled();
    await saveShots(page, `notifications-${locale}-nav`, BOTH_WIDTHS);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // --- the code, sent to the bot as a person does: the screen shows the link by itself ---
    await page.getByRole('button', { name: text(locale, 'notifications.telegram.link') }).click();
    const command = (await page.getByTestId('telegram-code').textContent())!.trim();
    expect(command).toMatch(/^\/start [A-Za-z0-9_-]{24}$/);
    const open = page.getByRole('link', { name: text(locale, 'notifications.telegram.open') });
    await expect(open).toHaveAttribute(
      'href',
      `https://t.me/permuta_e2e_bot?start=${command.slice('/start '.length)}`,
    );
    const chatId = 910_000 + index * 1000 + Math.floor(Math.random() * 999);
    expect(await sendToBot(chatId, command)).toBe(200);
    const linked = page.getByText(
      new RegExp(text(locale, 'notifications.telegram.linkedSince').split('{{')[0]!),
    );
    await expect(linked).toBeVisible();
    await expect(switchOf(page, locale, 'notifications.telegram.label')).toBeChecked();
    expect((await botMessagesTo(chatId)).length).toBe(1);
    await saveShots(page, `notifications-${locale}-linked`, BOTH_WIDTHS);

    // --- e-mail off, kept after a fresh load ------------------------------------------------
    await switchOf(page, locale, 'notifications.email.label').click({ force: true });
    await expect(page.getByText(text(locale, 'notifications.saved'))).toBeVisible();
    await page.reload();
    await expect(switchOf(page, locale, 'notifications.email.label')).not.toBeChecked();
    await expect(linked).toBeVisible();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await saveShots(page, `notifications-${locale}-fresh`);

    // --- unlink: Telegram off, the link offered again --------------------------------------
    await page.getByRole('button', { name: text(locale, 'notifications.telegram.unlink') }).click();
    await expect(
      page.getByRole('button', { name: text(locale, 'notifications.telegram.link') }),
    ).toBeVisible();
    await expect(switchOf(page, locale, 'notifications.telegram.label')).not.toBeChecked();
    await switchOf(page, locale, 'notifications.email.label').click({ force: true });
    await expect(switchOf(page, locale, 'notifications.email.label')).toBeChecked();

    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
}
