import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  notificationDeliveries,
  notificationSettings,
  telegramLinkCodes,
} from '@permuta/db';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import type { FakePushService } from '../../fakes/fake-push-service.ts';
import type { FakeTelegram } from '../../fakes/fake-telegram.ts';
import { deliverEmails, placeOrder, trader } from '../orders/test-support.ts';
import type { Trader } from '../orders/test-support.ts';
import { outboundUrlAllowed as pushEndpointAllowed } from '../../lib/outbound-url.ts';
import { ORDER_NOTIFY_QUEUE } from './notifications.service.ts';
import { linkTelegramChat, startNotificationsApp } from './test-support.ts';
import type { NotificationsTestApp } from './test-support.ts';

let started: NotificationsTestApp;
let t: TestApp;
let fake: FakeTelegram;
let pushService: FakePushService;
let chatSeq = 700_000;

const SETTINGS = '/api/v1/me/notifications';

function call(
  who: { cookie: string },
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: who.cookie, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Links a fresh chat to `who` the way a person does: code, then `/start <code>` to the bot. */
async function link(who: { cookie: string }, base = SETTINGS): Promise<number> {
  const chatId = chatSeq++;
  await linkTelegramChat(started, who, base, chatId);
  return chatId;
}

const messagesTo = (chatId: number) =>
  fake.messages.filter((m) => m.chatId === String(chatId)).map((m) => m.text);

async function cancelOrder(customer: Trader): Promise<string> {
  const order = await placeOrder(t.app, customer);
  const res = await call(customer, 'POST', `/api/v1/orders/${order.id}/cancel`);
  expect(res.statusCode, res.body).toBe(200);
  return order.reference;
}

beforeAll(async () => {
  started = await startNotificationsApp({
    // as at start: our webhook registered with Telegram, with its secret token
    onWebhookRegistered: ({ t, telegram: fake }) => {
      expect(fake.webhook?.url).toBe(`${t.config.publicUrl}/api/v1/webhooks/telegram`);
      expect(fake.webhook?.secretToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    },
  });
  ({ t, telegram: fake, push: pushService } = started);
}, 180_000);

afterAll(async () => {
  await started?.close();
});

beforeEach(() => {
  fake.setMode({ kind: 'ok' });
  pushService.setMode({ kind: 'ok' });
});

describe('notification settings', () => {
  it('start with e-mail only, and Telegram offered but not linked', async () => {
    const customer = await trader(t.app);
    const res = await call(customer, 'GET', SETTINGS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toMatchObject({
      channels: { email: true, telegram: false, push: false },
      telegram: { available: true, linked: false, blockedAt: null },
    });
  });

  it('refuse Telegram on before a chat is linked, and push before a browser subscribed', async () => {
    const customer = await trader(t.app);
    const on = await call(customer, 'PUT', SETTINGS, { email: true, telegram: true, push: false });
    expect(on.statusCode).toBe(422);
    expect(on.json().error.code).toBe('TELEGRAM_NOT_LINKED');
    const push = await call(customer, 'PUT', SETTINGS, {
      email: true,
      telegram: false,
      push: true,
    });
    expect(push.statusCode).toBe(422);
    expect(push.json().error.code).toBe('PUSH_NO_SUBSCRIPTION');
  });

  it('refuse a change from another origin, a missing field and a non-boolean', async () => {
    const customer = await trader(t.app);
    const body = { email: false, telegram: false, push: false };
    const foreign = await call(customer, 'PUT', SETTINGS, body, {
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect((await call(customer, 'PUT', SETTINGS, { email: false })).statusCode).toBe(400);
    const weird = await call(customer, 'PUT', SETTINGS, { ...body, email: 'no\u0000' });
    expect(weird.statusCode).toBe(400);
    expect((await call(customer, 'GET', SETTINGS)).json().channels.email).toBe(true);
  });

  it('are per account: an admin has their own, a customer cannot reach the admin routes', async () => {
    const admin: TestAdmin = await signInAdmin(t.app);
    const customer = await trader(t.app);
    const res = await call(admin, 'GET', '/api/v1/admin/me/notifications');
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(customer, 'GET', '/api/v1/admin/me/notifications')).statusCode).toBe(403);
    expect((await call(admin, 'GET', SETTINGS)).statusCode).toBe(403);
  });
});

describe('linking Telegram', () => {
  it('links the chat that sends /start with the code, and the bot says so in the language', async () => {
    const customer = await trader(t.app, { locale: 'en-US' });
    const code = await call(customer, 'POST', `${SETTINGS}/telegram/code`);
    expect(code.statusCode, code.body).toBe(200);
    const { code: value, link: deepLink, expiresAt } = code.json();
    expect(deepLink).toBe(`https://t.me/${fake.username}?start=${value}`);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    const chatId = chatSeq++;
    expect(await fake.deliverText(chatId, `/start ${value}`)).toBe(200);
    const settings = (await call(customer, 'GET', SETTINGS)).json();
    expect(settings.telegram.linked).toBe(true);
    expect(settings.channels).toEqual({ email: true, telegram: true, push: false });
    expect(messagesTo(chatId)).toEqual([expect.stringContaining("Done! You'll get news")]);
    // the code stored is a hash, never the code
    const rows = await t.app.db.select().from(telegramLinkCodes);
    expect(rows.some((row) => row.codeHash === value)).toBe(false);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'notifications.telegram_linked'));
    expect(audit.some((row) => row.entityId === customer.id)).toBe(true);
  });

  it('refuses a used, an expired and an unknown code', async () => {
    const customer = await trader(t.app);
    const first = await call(customer, 'POST', `${SETTINGS}/telegram/code`);
    const code = first.json().code as string;
    const chatA = chatSeq++;
    await fake.deliverText(chatA, `/start ${code}`);
    // used: another chat cannot take the account with the same code
    const chatB = chatSeq++;
    await fake.deliverText(chatB, `/start ${code}`);
    expect(messagesTo(chatB)).toEqual([expect.stringContaining('não é válido ou expirou')]);
    const [row] = await t.app.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, customer.id));
    expect(row?.telegramChatId).toBe(String(chatA));

    // expired
    const other = await trader(t.app);
    const late = (await call(other, 'POST', `${SETTINGS}/telegram/code`)).json().code as string;
    await t.app.db
      .update(telegramLinkCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(telegramLinkCodes.userId, other.id));
    const chatC = chatSeq++;
    await fake.deliverText(chatC, `/start ${late}`);
    expect(messagesTo(chatC)).toEqual([expect.stringContaining('expired')]);
    expect((await call(other, 'GET', SETTINGS)).json().telegram.linked).toBe(false);

    // unknown, too long, or no code
    const chatD = chatSeq++;
    await fake.deliverText(chatD, '/start AAAAAAAAAAAAAAAAAAAAAAAA');
    await fake.deliverText(chatD, `/start ${'A'.repeat(65)}`);
    expect(messagesTo(chatD)).toHaveLength(2);
    expect((await call(other, 'GET', SETTINGS)).json().telegram.linked).toBe(false);
  });

  it("links another user's code to that user, never to the one whose chat sent it", async () => {
    const alice = await trader(t.app);
    const bob = await trader(t.app);
    const aliceChat = await link(alice);
    const bobCode = (await call(bob, 'POST', `${SETTINGS}/telegram/code`)).json().code as string;
    // Alice's chat sends Bob's code: Bob's account gets Alice's chat; Alice's link is untouched
    await fake.deliverText(aliceChat, `/start ${bobCode}`);
    const [aliceRow] = await t.app.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, alice.id));
    expect(aliceRow?.telegramChatId).toBe(String(aliceChat));
    // and Bob, unlinking, touches only his own
    const unlinked = await call(bob, 'DELETE', `${SETTINGS}/telegram`);
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json().telegram.linked).toBe(false);
    expect((await call(alice, 'GET', SETTINGS)).json().telegram.linked).toBe(true);
  });

  it('refuses an update without the secret token, or with another one', async () => {
    const customer = await trader(t.app);
    const code = (await call(customer, 'POST', `${SETTINGS}/telegram/code`)).json().code as string;
    const update = {
      update_id: 1,
      message: {
        message_id: 1,
        date: 1,
        chat: { id: 42, type: 'private' },
        text: `/start ${code}`,
      },
    };
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/telegram',
      payload: update,
    });
    expect(none.statusCode).toBe(403);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/telegram',
      headers: { 'x-telegram-bot-api-secret-token': 'guessed-secret' },
      payload: update,
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('TELEGRAM_WEBHOOK_FORBIDDEN');
    expect((await call(customer, 'GET', SETTINGS)).json().telegram.linked).toBe(false);
  });
});

describe('order news', () => {
  it('go to Telegram in the language with the reference and the link, once per change', async () => {
    const customer = await trader(t.app);
    const chatId = await link(customer);
    const reference = await cancelOrder(customer);
    await t.app.jobs.drain(ORDER_NOTIFY_QUEUE);
    const texts = messagesTo(chatId).filter((text) => text.includes(reference));
    expect(texts).toEqual([
      `Pedido ${reference}: cancelado.\n${t.config.publicUrl}/profile/my-orders/${reference}`,
    ]);
    // the e-mail is still sent (on by default)
    await deliverEmails(t.app);
    expect(t.mail.to(customer.email).some((m) => m.subject.includes(`${reference}:`))).toBe(true);
  });

  it('send nothing twice when the delivery runs twice at once', async () => {
    const customer = await trader(t.app, { locale: 'en-US' });
    const chatId = await link(customer);
    const reference = await cancelOrder(customer);
    const [job] = await t.app.jobs.queued(ORDER_NOTIFY_QUEUE);
    expect(job).toBeDefined();
    const data = job!.data as Parameters<
      typeof t.app.services.notifications.deliverStatusChange
    >[0];
    await Promise.all([
      t.app.services.notifications.deliverStatusChange(data),
      t.app.services.notifications.deliverStatusChange(data),
      t.app.jobs.drain(ORDER_NOTIFY_QUEUE),
    ]);
    expect(messagesTo(chatId).filter((text) => text.includes(reference))).toEqual([
      `Order ${reference}: canceled.\n${t.config.publicUrl}/en-US/profile/my-orders/${reference}`,
    ]);
  });

  it('send no status e-mail when e-mail is off, and nothing at all when every channel is off', async () => {
    const customer = await trader(t.app);
    const chatId = await link(customer);
    const off = await call(customer, 'PUT', SETTINGS, {
      email: false,
      telegram: true,
      push: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const reference = await cancelOrder(customer);
    await t.app.jobs.drain(ORDER_NOTIFY_QUEUE);
    await deliverEmails(t.app);
    expect(t.mail.to(customer.email).some((m) => m.subject.includes(`${reference}:`))).toBe(false);
    expect(messagesTo(chatId).some((text) => text.includes(reference))).toBe(true);

    await call(customer, 'PUT', SETTINGS, { email: false, telegram: false, push: false });
    const silent = await cancelOrder(customer);
    expect(await t.app.jobs.drain(ORDER_NOTIFY_QUEUE)).toBe(0);
    await deliverEmails(t.app);
    expect(messagesTo(chatId).some((text) => text.includes(silent))).toBe(false);
    expect(t.mail.to(customer.email).some((m) => m.subject.includes(`${silent}:`))).toBe(false);
  });

  it('unlink a chat whose person blocked the bot, and say so on the settings', async () => {
    const customer = await trader(t.app);
    const chatId = await link(customer);
    fake.blocked.add(String(chatId));
    await cancelOrder(customer);
    await t.app.jobs.drain(ORDER_NOTIFY_QUEUE);
    const settings = (await call(customer, 'GET', SETTINGS)).json();
    expect(settings.telegram.linked).toBe(false);
    expect(settings.telegram.blockedAt).not.toBeNull();
    expect(settings.channels.telegram).toBe(false);
    // the next change sends nothing there
    await cancelOrder(customer);
    expect(await t.app.jobs.drain(ORDER_NOTIFY_QUEUE)).toBe(0);
  });

  it('wait what a 429 says, then send once', async () => {
    const customer = await trader(t.app);
    const chatId = await link(customer);
    fake.setMode({ kind: 'rate-limited', retryAfter: 3 }, 'sendMessage');
    const reference = await cancelOrder(customer);
    await t.app.jobs.drain(ORDER_NOTIFY_QUEUE);
    expect(messagesTo(chatId).some((text) => text.includes(reference))).toBe(false);
    const waiting = await t.app.jobs.queued(ORDER_NOTIFY_QUEUE);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.startAfter.getTime()).toBeGreaterThan(Date.now() + 1000);
    const claims = await t.app.db.select().from(notificationDeliveries);
    expect(claims.every((row) => row.channel === 'telegram')).toBe(true);
    fake.setMode({ kind: 'ok' });
    await t.app.jobs.drain(ORDER_NOTIFY_QUEUE, { includeDeferred: true });
    expect(messagesTo(chatId).filter((text) => text.includes(reference))).toHaveLength(1);
  });

  it('never block the move when Telegram is down: the order is canceled, the job retries', async () => {
    const customer = await trader(t.app);
    const chatId = await link(customer);
    fake.setMode({ kind: 'down' }, 'sendMessage');
    const reference = await cancelOrder(customer);
    await t.app.jobs.drain(ORDER_NOTIFY_QUEUE);
    expect(messagesTo(chatId).some((text) => text.includes(reference))).toBe(false);
    fake.setMode({ kind: 'ok' });
    await t.app.jobs.drain(ORDER_NOTIFY_QUEUE, { includeDeferred: true });
    expect(messagesTo(chatId).filter((text) => text.includes(reference))).toHaveLength(1);
  });
});

describe('browser push', () => {
  const PUSH = `${SETTINGS}/push`;

  it('sends the status change encrypted for the browser, with VAPID, in the language', async () => {
    const customer = await trader(t.app, { locale: 'en-US' });
    const settings = (await call(customer, 'GET', SETTINGS)).json();
    expect(settings.push.available).toBe(true);
    expect(settings.push.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const browser = pushService.subscribe();
    const subscribed = await call(customer, 'POST', PUSH, browser);
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    expect(subscribed.json().channels.push).toBe(true);
    expect(subscribed.json().push.subscriptions).toBe(1);

    const reference = await cancelOrder(customer);
    await t.app.jobs.drain(ORDER_NOTIFY_QUEUE);
    const got = pushService.received.filter((r) => r.endpoint === browser.endpoint);
    expect(pushService.refused).toEqual([]);
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0]!.payload)).toEqual({
      title: 'Canceled',
      body: `Order ${reference}: canceled.`,
      url: `${t.config.publicUrl}/en-US/profile/my-orders/${reference}`,
      tag: `order-${reference}`,
    });
    expect(got[0]!.claims.aud).toBe(pushService.origin);
    expect(got[0]!.ttl).toBe(86400);
    // run again: nothing twice
    const [event] = await t.app.db.select().from(notificationDeliveries);
    expect(event).toBeDefined();
  });

  it('forgets a browser the push service says is gone (410), and turns push off with the last', async () => {
    const customer = await trader(t.app);
    const browser = pushService.subscribe();
    expect((await call(customer, 'POST', PUSH, browser)).statusCode).toBe(200);
    pushService.gone.add(browser.endpoint);
    await cancelOrder(customer);
    await t.app.jobs.drain(ORDER_NOTIFY_QUEUE);
    const settings = (await call(customer, 'GET', SETTINGS)).json();
    expect(settings.push.subscriptions).toBe(0);
    expect(settings.channels.push).toBe(false);
  });

  it("refuses to unsubscribe another customer's browser (404), and a foreign origin", async () => {
    const alice = await trader(t.app);
    const mallory = await trader(t.app);
    const browser = pushService.subscribe();
    expect((await call(alice, 'POST', PUSH, browser)).statusCode).toBe(200);
    const theirs = await call(mallory, 'POST', `${PUSH}/unsubscribe`, {
      endpoint: browser.endpoint,
    });
    expect(theirs.statusCode).toBe(404);
    const foreign = await call(
      alice,
      'POST',
      `${PUSH}/unsubscribe`,
      { endpoint: browser.endpoint },
      {
        origin: 'https://evil.example',
      },
    );
    expect(foreign.statusCode).toBe(403);
    expect((await call(alice, 'GET', SETTINGS)).json().push.subscriptions).toBe(1);
    const mine = await call(alice, 'POST', `${PUSH}/unsubscribe`, { endpoint: browser.endpoint });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().channels.push).toBe(false);
  });

  it('refuses odd subscriptions', async () => {
    const customer = await trader(t.app);
    const browser = pushService.subscribe();
    for (const body of [
      { ...browser, endpoint: 'javascript:alert(1)' },
      { ...browser, keys: { ...browser.keys, p256dh: 'short' } },
      { ...browser, keys: { ...browser.keys, auth: `${browser.keys.auth}\u0000` } },
      { endpoint: browser.endpoint },
      { ...browser, extra: true },
    ]) {
      const res = await call(customer, 'POST', PUSH, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('lets the server call only https push services by name in production', () => {
    const ok = 'https://fcm.googleapis.com/fcm/send/abc';
    expect(pushEndpointAllowed(ok, false)).toBe(true);
    expect(pushEndpointAllowed('https://updates.push.services.mozilla.com/wpush/v2/x', false)).toBe(
      true,
    );
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'https://localhost/push',
      'https://metadata.internal/push',
      'https://intranet/push',
      'https://user:pass@fcm.googleapis.com/x',
    ]) {
      expect(pushEndpointAllowed(bad, false), bad).toBe(false);
    }
    expect(pushEndpointAllowed('https://127.0.0.1:9/push/x', true)).toBe(true);
  });
});
