import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '@permuta/db';
import {
  notificationDeliveries,
  notificationSettings,
  pushSubscriptions,
  telegramLinkCodes,
} from '@permuta/db';
import type { NotificationChannel } from '@permuta/contracts';

export type SettingsRow = typeof notificationSettings.$inferSelect;

/** No row: e-mail only (the behaviour before channels could be chosen). */
export const DEFAULT_CHANNELS = { email: true, telegram: false, push: false } as const;

export async function readSettingsRow(db: Db | Tx, userId: string): Promise<SettingsRow | null> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ?? null;
}

/** Whether the person wants order e-mails (no row: yes). */
export async function wantsEmail(db: Db | Tx, userId: string): Promise<boolean> {
  const row = await readSettingsRow(db, userId);
  return row ? row.email : true;
}

export async function upsertSettings(
  db: Db | Tx,
  userId: string,
  values: Partial<Omit<SettingsRow, 'userId' | 'updatedAt'>>,
): Promise<SettingsRow> {
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values })
    .returning();
  if (!row) throw new Error('notification settings upsert returned no row');
  return row;
}

export async function countPushSubscriptions(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.n ?? 0;
}

export async function insertLinkCode(
  db: Db | Tx,
  values: { codeHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(telegramLinkCodes).values(values);
}

/** Uses a code once: the user it links, or null for an unknown, used or expired code. */
export async function consumeLinkCode(tx: Tx, codeHash: string, at: Date): Promise<string | null> {
  const [row] = await tx
    .update(telegramLinkCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(telegramLinkCodes.codeHash, codeHash),
        isNull(telegramLinkCodes.usedAt),
        gt(telegramLinkCodes.expiresAt, at),
      ),
    )
    .returning({ userId: telegramLinkCodes.userId });
  return row?.userId ?? null;
}

/**
 * Claims the delivery of `eventKey` on `channel`: true for the first claim only, so a status
 * change reaches a channel once whatever job runs twice.
 */
export async function claimDelivery(
  db: Db | Tx,
  eventKey: string,
  channel: NotificationChannel,
): Promise<boolean> {
  const rows = await db
    .insert(notificationDeliveries)
    .values({ eventKey, channel })
    .onConflictDoNothing()
    .returning({ eventKey: notificationDeliveries.eventKey });
  return rows.length === 1;
}

/** Gives a claim back (the send failed in a way worth another try). */
export async function releaseDelivery(
  db: Db | Tx,
  eventKey: string,
  channel: NotificationChannel,
): Promise<void> {
  await db
    .delete(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.eventKey, eventKey),
        eq(notificationDeliveries.channel, channel),
      ),
    );
}

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export async function listPushSubscriptions(
  db: Db | Tx,
  userId: string,
): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** A browser's subscription, kept for whoever subscribed it last (one row per endpoint). */
export async function upsertPushSubscription(
  db: Db | Tx,
  values: { userId: string; endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth },
    });
}

/** Deletes `endpoint` of `userId` only; whether there was one. */
export async function deletePushSubscription(
  db: Db | Tx,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function deletePushSubscriptionById(db: Db | Tx, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
