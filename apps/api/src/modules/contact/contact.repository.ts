import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { contactMessages, settings } from '@permuta/db';
import type { Db, NewContactMessage, Tx } from '@permuta/db';

/**
 * Serialises the messages of one sender (IP address) until the transaction ends, so that two
 * messages sent at once cannot both pass the hourly limit.
 */
export async function lockSender(tx: Tx, ip: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`contact:${ip}`}))`);
}

/** When each message of `ip` received after `since` arrived, oldest first. */
export async function sentSince(db: Db | Tx, ip: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: contactMessages.createdAt })
    .from(contactMessages)
    .where(and(eq(contactMessages.ip, ip), gt(contactMessages.createdAt, since)))
    .orderBy(asc(contactMessages.createdAt));
  return rows.map((row) => row.createdAt);
}

export async function insertMessage(db: Db | Tx, message: NewContactMessage): Promise<string> {
  const [row] = await db
    .insert(contactMessages)
    .values(message)
    .returning({ id: contactMessages.id });
  return row!.id;
}

/** The support address of the settings, or null when none is configured. */
export async function supportEmail(db: Db | Tx): Promise<string | null> {
  const [row] = await db
    .select({ supportEmail: settings.supportEmail })
    .from(settings)
    .where(eq(settings.id, 1))
    .limit(1);
  const address = row?.supportEmail?.trim();
  return address ? address : null;
}
