import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import { ADMIN_ROLES, ORDER_STATUS_NAMES, adminRoleAllows } from '@permuta/contracts';
import type {
  AdminRole,
  Locale,
  NotificationChannels,
  NotificationSettings,
  OrderStatus,
  PushSubscriptionInput,
  TelegramLinkCode,
} from '@permuta/contracts';
import type { Db, Tx } from '@permuta/db';
import { notificationSettings, users } from '@permuta/db';
import { PushGoneError } from '../../adapters/push/web-push-client.ts';
import type { PushSender } from '../../adapters/push/web-push-client.ts';
import { TelegramError } from '../../adapters/telegram/telegram-client.ts';
import type { TelegramClient } from '../../adapters/telegram/telegram-client.ts';
import { AppError, notFound, unprocessable } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { outboundUrlAllowed } from '../../lib/outbound-url.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { Log } from '../../lib/log.ts';
import {
  DEFAULT_CHANNELS,
  claimDelivery,
  consumeLinkCode,
  countPushSubscriptions,
  deletePushSubscription,
  deletePushSubscriptionById,
  insertLinkCode,
  listPushSubscriptions,
  readSettingsRow,
  releaseDelivery,
  upsertPushSubscription,
  upsertSettings,
  wantsEmail,
} from './notifications.repository.ts';

/**
 * Notification channels (decision 060): the person's choice of e-mail, Telegram and browser
 * push; the Telegram link by one-time code through the bot's webhook; and the delivery of an
 * order's status change to the chosen channels in a job after the move commits.
 */

/** The queue of status-change deliveries (one job per order event; see the delivery table). */
export const ORDER_NOTIFY_QUEUE = 'notify-order-status';

/** A link code lives 15 minutes. */
export const TELEGRAM_CODE_TTL_MS = 15 * 60_000;

export interface OrderNotifyJob {
  /** (the admins' alerts, on the same queue, are `admin-alert`) */
  kind?: undefined;
  /** order_events.id of the status change */
  eventId: number;
  orderId: string;
  userId: string;
  reference: string;
  status: OrderStatus;
}

/**
 * The back office's new work (decision 060): what an admin is alerted of, and the least role that
 * may act on it (the modules' `*.access.ts`): confirming an order's payment, paying an order out
 * by hand and reviewing a document are the operators' (and up); approving a payout the risk
 * limits held is finance's (and up).
 */
export const ADMIN_ALERT_ROLES = {
  order_to_confirm: 'operator',
  order_to_pay: 'operator',
  payout_held: 'finance',
  document_to_review: 'operator',
} as const satisfies Record<string, AdminRole>;
export type AdminAlertKind = keyof typeof ADMIN_ALERT_ROLES;

/** A piece of new work, told in the transaction that creates it. */
export interface NewWork {
  alert: AdminAlertKind;
  /** the order's or the document's id: one alert per piece of work and admin */
  entityId: string;
  /** the order's reference (orders); null for a document */
  reference: string | null;
}

/** The job of one admin's alert of one piece of work (on the status changes' queue). */
export interface AdminAlertJob extends NewWork {
  kind: 'admin-alert';
  adminId: string;
}

export interface TelegramBot {
  client: TelegramClient;
  /** the bot's @username, for the t.me link */
  username: string;
  /** the X-Telegram-Bot-Api-Secret-Token the webhook expects */
  webhookSecret: string;
}

export interface NotificationsDeps {
  db: Db;
  jobs: Pick<JobQueue, 'send'>;
  /** null: no bot configured (TELEGRAM_BOT_TOKEN unset) */
  telegram: TelegramBot | null;
  /** browser push (VAPID); null: not offered */
  push: PushSender | null;
  /** accept http and loopback push endpoints (the tests' fake); never in production */
  allowLocalPush?: boolean;
  publicUrl: string;
  now: () => Date;
  log: Log;
}

export interface Caller {
  userId: string;
  ip: string | null;
  actorType: 'customer' | 'admin';
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** `/start <code>` (a deep link's payload: up to 64 of A-Z a-z 0-9 _ -) */
const START_COMMAND = /^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{1,64})\s*$/;

const TEXTS = {
  linked: {
    'pt-BR': 'Pronto! Você vai receber aqui as novidades dos seus pedidos na {brand}.',
    'en-US': "Done! You'll get news of your {brand} orders here.",
  },
  badCode: {
    'pt-BR':
      'Este código não é válido ou expirou. Gere um novo em Perfil > Notificações e tente de novo.',
    'en-US':
      'This code is not valid or has expired. Get a new one in Profile > Notifications and try again.',
  },
  hello: {
    'pt-BR': 'Olá! Para receber notificações, use o link da página Perfil > Notificações.',
    'en-US': 'Hi! To get notifications, use the link on the Profile > Notifications page.',
  },
  status: {
    'pt-BR': 'Pedido {reference}: {status}.\n{link}',
    'en-US': 'Order {reference}: {status}.\n{link}',
  },
  order_to_confirm: {
    'pt-BR': 'Pedido {reference}: o cliente informou o pagamento; confirme o recebimento.',
    'en-US': 'Order {reference}: the customer reported the payment; confirm the funds.',
  },
  order_to_pay: {
    'pt-BR': 'Pedido {reference}: pagamento confirmado; pague manualmente.',
    'en-US': 'Order {reference}: funds confirmed; pay it out by hand.',
  },
  payout_held: {
    'pt-BR': 'Pedido {reference}: pagamento retido pelos limites de risco; aguarda aprovação.',
    'en-US': 'Order {reference}: payout held by the risk limits; waiting for approval.',
  },
  document_to_review: {
    'pt-BR': 'Novo documento para revisar.',
    'en-US': 'A new document to review.',
  },
  alertTitle: {
    'pt-BR': 'Novo trabalho no painel',
    'en-US': 'New work in the back office',
  },
} as const;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

export function orderPageLink(publicUrl: string, locale: Locale, reference: string): string {
  return `${publicUrl}${locale === 'en-US' ? '/en-US' : ''}/profile/my-orders/${reference}`;
}

/** The back-office page of a piece of new work, in the admin's language. */
export function adminWorkLink(publicUrl: string, locale: Locale, work: NewWork): string {
  const prefix = `${publicUrl}${locale === 'en-US' ? '/en-US' : ''}`;
  if (work.alert === 'document_to_review') return `${prefix}/admin/documents`;
  return `${prefix}/admin/orders/${encodeURIComponent(work.reference ?? work.entityId)}`;
}

/** The short text of an admin's alert (first line) and its link (second line). */
export function adminAlertMessage(publicUrl: string, locale: Locale, work: NewWork): string {
  const text = fill(TEXTS[work.alert][locale], { reference: work.reference ?? '' });
  return `${text}\n${adminWorkLink(publicUrl, locale, work)}`;
}

/** The Telegram text of a status change, in the customer's language. */
export function statusMessage(
  publicUrl: string,
  locale: Locale,
  reference: string,
  status: OrderStatus,
): string {
  return fill(TEXTS.status[locale], {
    reference,
    status: ORDER_STATUS_NAMES[status][locale].toLowerCase(),
    link: orderPageLink(publicUrl, locale, reference),
  });
}

export function createNotificationsService(deps: NotificationsDeps) {
  const { db, telegram } = deps;
  /** whether this process has told Telegram where the webhook is (idempotent on their side) */
  let webhookRegistered = false;

  async function registerWebhook(): Promise<void> {
    if (!telegram) return;
    await telegram.client.setWebhook(
      `${deps.publicUrl}/api/v1/webhooks/telegram`,
      telegram.webhookSecret,
    );
    webhookRegistered = true;
  }

  async function view(userId: string, dbOrTx: Db | Tx = db): Promise<NotificationSettings> {
    const row = await readSettingsRow(dbOrTx, userId);
    const subscriptions = await countPushSubscriptions(dbOrTx, userId);
    return {
      channels: row
        ? { email: row.email, telegram: row.telegram, push: row.push }
        : { ...DEFAULT_CHANNELS },
      telegram: {
        available: telegram !== null,
        linked: Boolean(row?.telegramChatId),
        linkedAt: row?.telegramLinkedAt?.toISOString() ?? null,
        blockedAt: row?.telegramBlockedAt?.toISOString() ?? null,
      },
      push: {
        available: deps.push !== null,
        publicKey: deps.push?.publicKey ?? null,
        subscriptions,
      },
    };
  }

  async function localeOf(dbOrTx: Db | Tx, userId: string): Promise<Locale> {
    const [row] = await dbOrTx
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.id, userId));
    return row?.locale ?? 'pt-BR';
  }

  /** Best effort: a reply the person may miss does not fail the webhook. */
  async function reply(chatId: string, text: string): Promise<void> {
    if (!telegram) return;
    await telegram.client.sendMessage(chatId, text).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'a Telegram reply could not be sent');
    });
  }

  /** Drops the Telegram link because the person blocked the bot (403). */
  async function dropBlockedChat(userId: string, chatId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await readSettingsRow(tx, userId);
      if (row?.telegramChatId !== chatId) return;
      await upsertSettings(tx, userId, {
        telegram: false,
        telegramChatId: null,
        telegramLinkedAt: null,
        telegramBlockedAt: deps.now(),
      });
      await writeAudit(tx, {
        actorType: 'system',
        actorId: null,
        action: 'notifications.telegram_unlinked',
        entityType: 'user',
        entityId: userId,
        after: { reason: 'blocked' },
      });
    });
  }

  return {
    view,

    async update(caller: Caller, channels: NotificationChannels): Promise<NotificationSettings> {
      return db.transaction(async (tx) => {
        const before = await view(caller.userId, tx);
        const row = await readSettingsRow(tx, caller.userId);
        if (channels.telegram && !row?.telegramChatId) {
          throw unprocessable('TELEGRAM_NOT_LINKED', {}, { telegram: 'telegram.notLinked' });
        }
        if (channels.push && before.push.subscriptions === 0) {
          throw unprocessable('PUSH_NO_SUBSCRIPTION', {}, { push: 'push.noSubscription' });
        }
        await upsertSettings(tx, caller.userId, channels);
        await writeAudit(tx, {
          actorType: caller.actorType,
          actorId: caller.userId,
          action: 'notifications.updated',
          entityType: 'user',
          entityId: caller.userId,
          ip: caller.ip,
          before: before.channels,
          after: channels,
        });
        return view(caller.userId, tx);
      });
    },

    async telegramCode(caller: Caller): Promise<TelegramLinkCode> {
      if (!telegram) throw new AppError('TELEGRAM_NOT_CONFIGURED', 409);
      // Telegram was away when this process started: told now, before a person writes to the bot
      if (!webhookRegistered) {
        await registerWebhook().catch((error: unknown) => {
          deps.log.warn({ err: error }, 'the Telegram webhook could not be registered');
        });
      }
      const code = randomBytes(18).toString('base64url');
      const expiresAt = new Date(deps.now().getTime() + TELEGRAM_CODE_TTL_MS);
      await insertLinkCode(db, { codeHash: hashCode(code), userId: caller.userId, expiresAt });
      return {
        code,
        link: `https://t.me/${telegram.username}?start=${code}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    async unlinkTelegram(caller: Caller): Promise<NotificationSettings> {
      return db.transaction(async (tx) => {
        const row = await readSettingsRow(tx, caller.userId);
        if (row?.telegramChatId) {
          await upsertSettings(tx, caller.userId, {
            telegram: false,
            telegramChatId: null,
            telegramLinkedAt: null,
          });
          await writeAudit(tx, {
            actorType: caller.actorType,
            actorId: caller.userId,
            action: 'notifications.telegram_unlinked',
            entityType: 'user',
            entityId: caller.userId,
            ip: caller.ip,
          });
        }
        return view(caller.userId, tx);
      });
    },

    /** Whether the webhook request carries the bot's secret token. */
    webhookSecretMatches(given: string | undefined): boolean {
      if (!telegram || given === undefined) return false;
      const a = createHash('sha256').update(given).digest();
      const b = createHash('sha256').update(telegram.webhookSecret).digest();
      return a.equals(b);
    },

    /** An Update from the bot's webhook: `/start <code>` in a private chat links the account. */
    async handleUpdate(update: {
      message?: { chat: { id: number; type: string }; text?: string | undefined } | undefined;
    }): Promise<void> {
      const message = update.message;
      if (!message || message.chat.type !== 'private' || !message.text) return;
      const chatId = String(message.chat.id);
      const match = START_COMMAND.exec(message.text.trim());
      if (!match) {
        if (message.text.trim().startsWith('/start')) {
          await reply(chatId, `${TEXTS.hello['pt-BR']}\n\n${TEXTS.hello['en-US']}`);
        }
        return;
      }
      const at = deps.now();
      const linked = await db.transaction(async (tx) => {
        const userId = await consumeLinkCode(tx, hashCode(match[1]!), at);
        if (!userId) return null;
        await upsertSettings(tx, userId, {
          telegram: true,
          telegramChatId: chatId,
          telegramLinkedAt: at,
          telegramBlockedAt: null,
        });
        await writeAudit(tx, {
          actorType: 'system',
          actorId: null,
          action: 'notifications.telegram_linked',
          entityType: 'user',
          entityId: userId,
        });
        return { userId, locale: await localeOf(tx, userId) };
      });
      if (!linked) {
        await reply(chatId, `${TEXTS.badCode['pt-BR']}\n\n${TEXTS.badCode['en-US']}`);
        return;
      }
      await reply(chatId, fill(TEXTS.linked[linked.locale], { brand: 'Permuta' }));
    },

    /** Registers our webhook with Telegram (at start, when a bot is configured). */
    registerWebhook,

    /** Keeps this browser's subscription and turns push on. */
    async subscribePush(
      caller: Caller,
      subscription: PushSubscriptionInput,
    ): Promise<NotificationSettings> {
      if (!deps.push) throw new AppError('PUSH_NOT_CONFIGURED', 409);
      if (!outboundUrlAllowed(subscription.endpoint, deps.allowLocalPush ?? false)) {
        throw unprocessable('PUSH_ENDPOINT_REFUSED', {}, { endpoint: 'field.invalid' });
      }
      return db.transaction(async (tx) => {
        await upsertPushSubscription(tx, {
          userId: caller.userId,
          endpoint: subscription.endpoint,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
        });
        await upsertSettings(tx, caller.userId, { push: true });
        return view(caller.userId, tx);
      });
    },

    /** Forgets this browser (404 for an endpoint that is not the caller's). */
    async unsubscribePush(caller: Caller, endpoint: string): Promise<NotificationSettings> {
      return db.transaction(async (tx) => {
        if (!(await deletePushSubscription(tx, caller.userId, endpoint))) throw notFound();
        if ((await countPushSubscriptions(tx, caller.userId)) === 0) {
          await upsertSettings(tx, caller.userId, { push: false });
        }
        return view(caller.userId, tx);
      });
    },

    /** Whether the customer wants the order e-mails (security e-mails never ask). */
    wantsEmail: (tx: Tx, userId: string) => wantsEmail(tx, userId),

    /** In the move's transaction: the delivery job, which exists only if the move commits. */
    async queueStatusChange(tx: Tx, job: OrderNotifyJob): Promise<void> {
      const row = await readSettingsRow(tx, job.userId);
      if (!row || (!row.telegram && !row.push)) return;
      await deps.jobs.send(ORDER_NOTIFY_QUEUE, job, {
        db: tx,
        singletonKey: String(job.eventId),
      });
    },

    /** The job: one message per chosen channel, once per status change (claimed rows). */
    async deliverStatusChange(job: OrderNotifyJob): Promise<void> {
      await deliver({
        userId: job.userId,
        eventKey: `order-event:${job.eventId}`,
        text: (locale) => statusMessage(deps.publicUrl, locale, job.reference, job.status),
        push: (locale) => ({
          title: ORDER_STATUS_NAMES[job.status][locale],
          body: statusMessage(deps.publicUrl, locale, job.reference, job.status).split('\n')[0],
          url: orderPageLink(deps.publicUrl, locale, job.reference),
          tag: `order-${job.reference}`,
        }),
        again: (startAfter) =>
          deps.jobs.send(ORDER_NOTIFY_QUEUE, job, {
            startAfter,
            singletonKey: `${job.eventId}:retry`,
          }),
      });
    },

    /**
     * In the transaction that creates a piece of back-office work: one alert job per active admin
     * whose role may act on it and who has Telegram or push on (a job that exists only if the
     * work commits). E-mail is not an alert channel: admins have no inbox of their own.
     */
    async queueAdminAlert(tx: Tx, work: NewWork): Promise<void> {
      const least = ADMIN_ALERT_ROLES[work.alert];
      const roles = ADMIN_ROLES.filter((role) => adminRoleAllows(role, least));
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .innerJoin(notificationSettings, eq(notificationSettings.userId, users.id))
        .where(
          and(
            eq(users.role, 'admin'),
            eq(users.active, true),
            inArray(users.adminRole, roles),
            or(eq(notificationSettings.telegram, true), eq(notificationSettings.push, true)),
          ),
        );
      for (const admin of admins) {
        const job: AdminAlertJob = {
          kind: 'admin-alert',
          adminId: admin.id,
          alert: work.alert,
          entityId: work.entityId,
          reference: work.reference,
        };
        await deps.jobs.send(ORDER_NOTIFY_QUEUE, job, {
          db: tx,
          singletonKey: `alert:${work.alert}:${work.entityId}:${admin.id}`,
        });
      }
    },

    /** The job of one admin's alert: once per piece of work and channel (claimed rows). */
    async deliverAdminAlert(job: AdminAlertJob): Promise<void> {
      // the role may have changed, or the admin been deactivated, since the work was queued
      const [admin] = await db
        .select({ role: users.role, adminRole: users.adminRole, active: users.active })
        .from(users)
        .where(eq(users.id, job.adminId));
      const least = ADMIN_ALERT_ROLES[job.alert];
      if (admin?.role !== 'admin' || !admin.active || !admin.adminRole) return;
      if (!adminRoleAllows(admin.adminRole, least)) return;
      const work: NewWork = { alert: job.alert, entityId: job.entityId, reference: job.reference };
      await deliver({
        userId: job.adminId,
        eventKey: `admin-alert:${job.alert}:${job.entityId}:${job.adminId}`,
        text: (locale) => adminAlertMessage(deps.publicUrl, locale, work),
        push: (locale) => ({
          title: TEXTS.alertTitle[locale],
          body: adminAlertMessage(deps.publicUrl, locale, work).split('\n')[0],
          url: adminWorkLink(deps.publicUrl, locale, work),
          tag: `alert-${job.alert}-${job.entityId}`,
        }),
        again: (startAfter) =>
          deps.jobs.send(ORDER_NOTIFY_QUEUE, job, {
            startAfter,
            singletonKey: `alert:${job.alert}:${job.entityId}:${job.adminId}:retry`,
          }),
      });
    },
  };

  /** Every chosen channel is tried; the first failure is thrown after, for the job's retry. */
  async function deliver(delivery: Delivery): Promise<void> {
    const row = await readSettingsRow(db, delivery.userId);
    if (!row) return;
    const failures: unknown[] = [];
    if (telegram && row.telegram && row.telegramChatId) {
      await deliverTelegram(telegram, delivery, row.telegramChatId).catch((error: unknown) =>
        failures.push(error),
      );
    }
    if (deps.push && row.push) {
      await deliverPush(deps.push, delivery).catch((error: unknown) => failures.push(error));
    }
    if (failures.length > 0) throw failures[0];
  }

  async function deliverTelegram(
    bot: TelegramBot,
    delivery: Delivery,
    chatId: string,
  ): Promise<void> {
    const { eventKey, userId } = delivery;
    if (!(await claimDelivery(db, eventKey, 'telegram'))) return;
    const locale = await localeOf(db, userId);
    try {
      await bot.client.sendMessage(chatId, delivery.text(locale));
    } catch (error) {
      if (error instanceof TelegramError && error.chatGone) {
        await dropBlockedChat(userId, chatId);
        return;
      }
      await releaseDelivery(db, eventKey, 'telegram');
      if (error instanceof TelegramError && error.retryAfter !== null) {
        // Telegram says when: the same job again then (the claim is free again)
        await delivery.again(new Date(deps.now().getTime() + error.retryAfter * 1000));
        return;
      }
      throw error;
    }
  }

  /** One notification per subscribed browser; a browser the push service forgot is deleted. */
  async function deliverPush(push: PushSender, delivery: Delivery) {
    const { eventKey, userId } = delivery;
    const locale = await localeOf(db, userId);
    const payload = JSON.stringify(delivery.push(locale));
    let failure: unknown = null;
    for (const subscription of await listPushSubscriptions(db, userId)) {
      const key = `${eventKey}:${subscription.id}`;
      if (!(await claimDelivery(db, key, 'push'))) continue;
      try {
        await push.send(
          {
            endpoint: subscription.endpoint,
            keys: { p256dh: subscription.p256dh, auth: subscription.auth },
          },
          payload,
        );
      } catch (error) {
        if (error instanceof PushGoneError) {
          await deletePushSubscriptionById(db, subscription.id);
          continue;
        }
        await releaseDelivery(db, key, 'push');
        failure = error;
      }
    }
    if ((await countPushSubscriptions(db, userId)) === 0) {
      await upsertSettings(db, userId, { push: false });
    }
    if (failure) throw failure;
  }
}

/** One message to one person's chosen channels, once per event key and channel. */
interface Delivery {
  userId: string;
  /** the key claimed in notification_deliveries (per channel; per browser for push) */
  eventKey: string;
  /** the Telegram text in the person's language */
  text: (locale: Locale) => string;
  /** what the service worker shows */
  push: (locale: Locale) => { title: string; body: string | undefined; url: string; tag: string };
  /** the same job again at `startAfter` (Telegram's 429) */
  again: (startAfter: Date) => Promise<unknown>;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
