import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  notificationChannelsSchema,
  notificationOkSchema,
  notificationSettingsSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  telegramLinkCodeSchema,
  telegramUpdateSchema,
} from '@permuta/contracts';
import { apiErrors } from '../../lib/api-errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { defaultAdminRole, requireAdmin, requireCustomer, signedIn } from '../auth/guards.ts';
import type { Caller, NotificationsService } from './notifications.service.ts';

const errors = apiErrors(400, 401, 403, 409, 422);

/** The Telegram Update bodies are small: a message is at most 4096 characters. */
const MAX_UPDATE_BYTES = 64 * 1024;

/**
 * The signed-in person's notification channels (decision 060): the same four routes for a
 * customer (`/api/v1/me/notifications`, order news) and an admin (`/api/v1/admin/me/notifications`,
 * new work), each on their own account only.
 */
function channelRoutes(
  prefix: '/api/v1/me/notifications' | '/api/v1/admin/me/notifications',
  actorType: Caller['actorType'],
  ids: {
    get: string;
    put: string;
    code: string;
    unlink: string;
    subscribe: string;
    unsubscribe: string;
  },
): FastifyPluginAsyncZod<{ service: NotificationsService }> {
  return async (app, { service }) => {
    const tags = ['notifications'];
    const who = actorType === 'customer' ? 'order news' : 'new-work alerts';
    const caller = (request: FastifyRequest): Caller => ({
      userId: signedIn(request).userId,
      ip: request.ip,
      actorType,
    });
    const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

    app.get(
      prefix,
      {
        schema: {
          operationId: ids.get,
          tags,
          summary: `My notification channels (${who})`,
          description:
            'E-mail, Telegram and browser push: which are on, whether Telegram is linked (or was dropped because the bot was blocked) and how many browsers are subscribed.',
          response: { 200: notificationSettingsSchema, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return service.view(caller(request).userId);
      },
    );

    app.put(
      prefix,
      {
        schema: {
          operationId: ids.put,
          tags,
          summary: `Choose my notification channels (${who})`,
          description:
            'All three switches at once. Telegram needs a linked chat (422 TELEGRAM_NOT_LINKED), push a subscribed browser (422 PUSH_NO_SUBSCRIPTION). Security e-mails (codes, password resets) are always sent.',
          body: notificationChannelsSchema,
          response: { 200: notificationSettingsSchema, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return service.update(caller(request), request.body);
      },
    );

    app.post(
      `${prefix}/telegram/code`,
      {
        schema: {
          operationId: ids.code,
          tags,
          summary: 'Get a one-time code to link Telegram',
          description:
            'A code valid 15 minutes and the bot link `https://t.me/<bot>?start=<code>`: sending `/start <code>` to the bot links that chat. 409 TELEGRAM_NOT_CONFIGURED when the server has no bot.',
          response: { 200: telegramLinkCodeSchema, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return service.telegramCode(caller(request));
      },
    );

    app.delete(
      `${prefix}/telegram`,
      {
        schema: {
          operationId: ids.unlink,
          tags,
          summary: 'Unlink Telegram',
          description: 'Forgets the linked chat and turns the Telegram channel off.',
          response: { 200: notificationSettingsSchema, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return service.unlinkTelegram(caller(request));
      },
    );

    app.post(
      `${prefix}/push`,
      {
        schema: {
          operationId: ids.subscribe,
          tags,
          summary: 'Subscribe this browser to push',
          description:
            "The browser's `PushSubscription.toJSON()` (endpoint and keys), made with the VAPID public key of GET; turns push on. One subscription per endpoint: a browser subscribed again by another account is that account's. 409 PUSH_NOT_CONFIGURED when push is not offered.",
          body: pushSubscriptionSchema,
          response: { 200: notificationSettingsSchema, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return service.subscribePush(caller(request), request.body);
      },
    );

    app.post(
      `${prefix}/push/unsubscribe`,
      {
        schema: {
          operationId: ids.unsubscribe,
          tags,
          summary: 'Unsubscribe a browser from push',
          description:
            'Forgets the subscription of this endpoint (404 when it is not one of mine); push goes off with the last one.',
          body: pushUnsubscribeSchema,
          response: { 200: notificationSettingsSchema, ...apiErrors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return service.unsubscribePush(caller(request), request.body.endpoint);
      },
    );
  };
}

export const customerNotificationRoutes: FastifyPluginAsyncZod<{
  service: NotificationsService;
}> = async (app, options) => {
  app.addHook('onRequest', requireCustomer);
  await app.register(
    channelRoutes('/api/v1/me/notifications', 'customer', {
      get: 'getMyNotifications',
      put: 'updateMyNotifications',
      code: 'createTelegramLinkCode',
      unlink: 'unlinkTelegram',
      subscribe: 'subscribePush',
      unsubscribe: 'unsubscribePush',
    }),
    options,
  );
};

export const adminNotificationRoutes: FastifyPluginAsyncZod<{
  service: NotificationsService;
}> = async (app, options) => {
  app.addHook('onRequest', requireAdmin);
  defaultAdminRole(app, 'operator');
  await app.register(
    channelRoutes('/api/v1/admin/me/notifications', 'admin', {
      get: 'getAdminNotifications',
      put: 'updateAdminNotifications',
      code: 'createAdminTelegramLinkCode',
      unlink: 'unlinkAdminTelegram',
      subscribe: 'subscribeAdminPush',
      unsubscribe: 'unsubscribeAdminPush',
    }),
    options,
  );
};

/**
 * The bot's webhook (decision 060): Telegram POSTs each Update with the secret token given to
 * setWebhook in `X-Telegram-Bot-Api-Secret-Token`; anything else is 403. `/start <code>` links
 * the chat. Always 200 for an accepted Update, else Telegram keeps re-sending it.
 */
export const telegramWebhookRoutes: FastifyPluginAsync<{ service: NotificationsService }> = async (
  app,
  { service },
) => {
  const zodApp = app.withTypeProvider<ZodTypeProvider>();
  zodApp.post(
    '/api/v1/webhooks/telegram',
    {
      bodyLimit: MAX_UPDATE_BYTES,
      schema: {
        operationId: 'telegramWebhook',
        tags: ['notifications'],
        summary: "Telegram bot's webhook",
        description:
          'Called by Telegram only, with the secret token in `X-Telegram-Bot-Api-Secret-Token` (403 TELEGRAM_WEBHOOK_FORBIDDEN otherwise). `/start <code>` in a private chat links it to the account whose code it is.',
        body: telegramUpdateSchema,
        response: { 200: notificationOkSchema, ...apiErrors(400, 403) },
      },
    },
    async (request) => {
      const given = request.headers['x-telegram-bot-api-secret-token'];
      if (!service.webhookSecretMatches(typeof given === 'string' ? given : undefined)) {
        throw new AppError('TELEGRAM_WEBHOOK_FORBIDDEN', 403);
      }
      await service.handleUpdate(request.body);
      return { ok: true as const };
    },
  );
};
