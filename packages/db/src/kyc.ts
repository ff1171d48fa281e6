import { eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { users } from './schema/auth.ts';
import type { documentStatus } from './schema/enums.ts';
import { documents } from './schema/kyc.ts';

const APPROVED: (typeof documentStatus.enumValues)[number] = 'approved';

/**
 * The person's own documents. A business's company documents (`articles_of_association`,
 * `representative_id`, decision 057) are reviewed too but decide the business's approval, not this.
 */
export const PERSONAL_DOCUMENT_TYPES = [
  'national_id',
  'proof_of_address',
  'selfie_with_id',
] as const;

/**
 * The one definition of "documents verified": the current document (the newest row) of every
 * personal type is approved. `userId` is the customer's id as SQL, e.g. `usersIdColumn` in a list of
 * users or a bound value.
 */
export function documentsVerifiedOf(userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`((
    select count(*) from (
      select distinct on (d.type) d.status
      from ${documents} d
      where d.user_id = ${userId}
        and d.type::text in (${sql.join(
          PERSONAL_DOCUMENT_TYPES.map((type) => sql`${type}`),
          sql`, `,
        )})
      order by d.type, d.created_at desc, d.id desc
    ) current_documents
    where current_documents.status = ${APPROVED}
  ) = ${sql.raw(String(PERSONAL_DOCUMENT_TYPES.length))})`;
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
