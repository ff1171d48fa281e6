import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { contactMessages, users } from '@permuta/db';
import type { Db, Tx } from '@permuta/db';

export interface InboxRow {
  id: string;
  name: string;
  email: string;
  message: string;
  locale: 'pt-BR' | 'en-US';
  createdAt: Date;
  /** created_at to the microsecond, for the next cursor */
  cursorAt: string;
  answeredAt: Date | null;
  answeredBy: string | null;
  answeredByUsername: string | null;
}

const columns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  message: contactMessages.message,
  locale: contactMessages.locale,
  createdAt: contactMessages.createdAt,
  cursorAt: sql<string>`to_char(${contactMessages.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  answeredAt: contactMessages.answeredAt,
  answeredBy: contactMessages.answeredBy,
  answeredByUsername: users.username,
};

/** Contact messages newest first on (created_at, id), keyset after `after`. */
export async function listInbox(
  db: Db | Tx,
  filter: {
    unansweredOnly: boolean;
    after?: { createdAt: string; id: string } | undefined;
    limit: number;
  },
): Promise<InboxRow[]> {
  const conditions: (SQL | undefined)[] = [
    filter.unansweredOnly ? isNull(contactMessages.answeredAt) : undefined,
    filter.after
      ? sql`(${contactMessages.createdAt}, ${contactMessages.id}) < (${filter.after.createdAt}::timestamptz, ${filter.after.id})`
      : undefined,
  ];
  return db
    .select(columns)
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.answeredBy))
    .where(and(...conditions))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(filter.limit);
}

export async function findInboxMessage(db: Db | Tx, id: string): Promise<InboxRow | null> {
  const [row] = await db
    .select(columns)
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.answeredBy))
    .where(eq(contactMessages.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Marks the message answered by `adminId` unless someone already did (compare-and-set): true
 * when this call made the change.
 */
export async function markAnswered(tx: Tx, id: string, adminId: string, at: Date) {
  const rows = await tx
    .update(contactMessages)
    .set({ answeredAt: at, answeredBy: adminId })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.answeredAt)))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}
