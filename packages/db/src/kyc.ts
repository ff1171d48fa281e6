import { eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { users } from './schema/auth.ts';
import { documentType } from './schema/enums.ts';
import type { documentStatus } from './schema/enums.ts';
import { documents } from './schema/kyc.ts';

const APPROVED: (typeof documentStatus.enumValues)[number] = 'approved';

/**
 * The one definition of "documents verified": the current document (the newest row) of every
 * type is approved. `userId` is the customer's id as SQL, e.g. `usersIdColumn` in a list of
 * users or a bound value.
 */
export function documentsVerifiedOf(userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`((
    select count(*) from (
      select distinct on (d.type) d.status
      from ${documents} d
      where d.user_id = ${userId}
      order by d.type, d.created_at desc, d.id desc
    ) current_documents
    where current_documents.status = ${APPROVED}
  ) = ${sql.raw(String(documentType.enumValues.length))})`;
}

/**
 * `users.id` written with its table's name. Inside a select list drizzle writes a column of the
 * only table in `from` without it, and a bare `id` inside the subquery above is the document's.
 */
export const usersIdColumn: SQL = sql`${sql.identifier(getTableName(users))}.${sql.identifier(
  getTableColumns(users).id.name,
)}`;

/** Whether the customer's current document of each type is approved. */
export async function documentsVerified(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ verified: documentsVerifiedOf(usersIdColumn) })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.verified === true;
}
