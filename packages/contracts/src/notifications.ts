import { z } from 'zod';
import './zod-config.ts';

/**
 * Notification channels of the signed-in person (decision 060). Customers hear of their orders'
 * status changes; admins of new work. E-mail is on by default; Telegram needs a linked chat,
 * browser push at least one subscribed browser.
 * - GET  /api/v1/me/notifications                 -> notificationSettingsSchema
 * - PUT  /api/v1/me/notifications                 notificationChannelsSchema -> notificationSettingsSchema
 * - POST /api/v1/me/notifications/telegram/code   -> telegramLinkCodeSchema
 * - DELETE /api/v1/me/notifications/telegram      -> notificationSettingsSchema
 * - POST /api/v1/webhooks/telegram                the Bot API's Update (secret header checked)
 */
export const NOTIFICATION_CHANNELS = ['email', 'telegram', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const notificationChannelsSchema = z.strictObject({
  email: z.boolean(),
  telegram: z.boolean(),
  push: z.boolean(),
});
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

export const notificationSettingsSchema = z.object({
  channels: notificationChannelsSchema,
  telegram: z.object({
    /** a bot is configured on this server */
    available: z.boolean(),
    linked: z.boolean(),
    linkedAt: z.iso.datetime().nullable(),
    /** the link was dropped because the person blocked the bot */
    blockedAt: z.iso.datetime().nullable(),
  }),
  push: z.object({
    /** browser push is offered on this server */
    available: z.boolean(),
    /** the VAPID public key browsers subscribe with (base64url); null while not offered */
    publicKey: z.string().nullable(),
    subscriptions: z.number().int().min(0),
  }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const telegramLinkCodeSchema = z.object({
  code: z.string(),
  /** https://t.me/<bot>?start=<code> */
  link: z.string(),
  expiresAt: z.iso.datetime(),
});
export type TelegramLinkCode = z.infer<typeof telegramLinkCodeSchema>;

/** A browser's PushSubscription.toJSON(). */
export const pushSubscriptionSchema = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  keys: z.strictObject({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}=*$/),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}=*$/),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
});

/** The parts of a Bot API Update the webhook reads; the rest is ignored. */
export const telegramUpdateSchema = z.looseObject({
  update_id: z.number().int(),
  message: z
    .looseObject({
      chat: z.looseObject({ id: z.number().int(), type: z.string() }),
      text: z.string().max(4096).optional(),
    })
    .optional(),
});

export const notificationOkSchema = z.object({ ok: z.literal(true) });
