import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { startFakePushService } from '../../fakes/fake-push-service.ts';
import type { FakePushService } from '../../fakes/fake-push-service.ts';
import { startFakeTelegram } from '../../fakes/fake-telegram.ts';
import type { FakeTelegram } from '../../fakes/fake-telegram.ts';
import { liftCustomerLimits } from '../orders/test-support.ts';

export interface NotificationsTestApp {
  t: TestApp;
  /** the Telegram Bot API, its webhook pointed at the app */
  telegram: FakeTelegram;
  /** a Web Push service over https, trusted by this process */
  push: FakePushService;
  close(): Promise<void>;
}

/**
 * The app with both notification channels reachable: a fake Telegram and a fake push service,
 * the app listening (Telegram calls it), customer limits lifted, and our webhook registered with
 * Telegram as at start. `onWebhookRegistered` sees Telegram's webhook before it is pointed at this
 * process's address (PUBLIC_URL is not served here).
 */
export async function startNotificationsApp(
  options: { onWebhookRegistered?: (app: NotificationsTestApp) => void } = {},
): Promise<NotificationsTestApp> {
  const telegram = await startFakeTelegram();
  const push = await startFakePushService();
  // web-push calls push services over https only: this process trusts the fake's certificate
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), push.ca]);
  let t: TestApp;
  try {
    t = await buildTestApp({
      env: {
        TELEGRAM_BOT_TOKEN: telegram.token,
        TELEGRAM_API_URL: telegram.url,
        TELEGRAM_BOT_USERNAME: telegram.username,
      },
    });
  } catch (error) {
    await telegram.close();
    await push.close();
    throw error;
  }
  const started: NotificationsTestApp = {
    t,
    telegram,
    push,
    async close() {
      await t.close();
      await telegram.close();
      await push.close();
    },
  };
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await liftCustomerLimits(t.app);
    await t.app.services.notifications.registerWebhook();
    options.onWebhookRegistered?.(started);
    const port = (t.app.server.address() as AddressInfo).port;
    telegram.moveWebhook(`http://127.0.0.1:${port}/api/v1/webhooks/telegram`);
  } catch (error) {
    await started.close();
    throw error;
  }
  return started;
}

/**
 * Links the Telegram chat `chatId` to `who` the way a person does: a code from `settings`
 * (`/api/v1/me/notifications` or the admin's), then `/start <code>` to the bot.
 */
export async function linkTelegramChat(
  started: NotificationsTestApp,
  who: { cookie: string },
  settings: string,
  chatId: number,
): Promise<void> {
  const res = await started.t.app.inject({
    method: 'POST',
    url: `${settings}/telegram/code`,
    headers: { cookie: who.cookie },
  });
  if (res.statusCode !== 200) throw new Error(`link code ${res.statusCode}: ${res.body}`);
  const status = await started.telegram.deliverText(chatId, `/start ${res.json().code}`);
  if (status !== 200) throw new Error(`/start to the bot answered ${status}`);
}
