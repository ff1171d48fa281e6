import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, textId, timestamptz, updatedAt } from './columns.ts';

/**
 * How a person hears of their orders' status changes (customers) or of new work (admins):
 * e-mail, Telegram, browser push (decision 060). No row: e-mail only, today's behaviour.
 * Security e-mails (codes, resets) never read this.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: boolean('email').notNull().default(true),
    telegram: boolean('telegram').notNull().default(false),
    push: boolean('push').notNull().default(false),
    /** the Telegram private chat linked with `/start <code>`; null: not linked */
    telegramChatId: text('telegram_chat_id'),
    telegramLinkedAt: timestamptz('telegram_linked_at'),
    /** set when Telegram answered 403 (the bot was blocked) and the link was dropped */
    telegramBlockedAt: timestamptz('telegram_blocked_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notification_settings_telegram_chat_idx').on(t.telegramChatId),
    check('notification_settings_telegram_chat', sql`${t.telegramChatId} ~ '^-?[0-9]{1,20}$'`),
    check(
      'notification_settings_telegram_linked',
      sql`${t.telegramChatId} IS NULL OR ${t.telegramLinkedAt} IS NOT NULL`,
    ),
  ],
);

/** One-time codes that link a Telegram chat to an account: stored as SHA-256, 15 minutes. */
export const telegramLinkCodes = pgTable(
  'telegram_link_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('telegram_link_codes_user_idx').on(t.userId)],
);

/** One browser's Web Push subscription (RFC 8030 endpoint and RFC 8291 keys). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: textId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_unique'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * What was sent for one event on one channel: the notification job claims a row before sending,
 * so a status change reaches each channel once, whatever runs twice.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    /** the order_events row (a status change) or another event's id */
    eventKey: text('event_key').notNull(),
    channel: text('channel').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'notification_deliveries_pk', columns: [t.eventKey, t.channel] }),
    check('notification_deliveries_channel', sql`${t.channel} IN ('email', 'telegram', 'push')`),
  ],
);
