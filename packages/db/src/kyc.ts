import { eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { users } from './schema/auth.ts';
import { DOCUMENT_TYPES, ENHANCED_DOCUMENT_TYPES } from '@permuta/contracts/accounts';
import type { TierLevel } from '@permuta/contracts/tiers';
import type { documentStatus } from './schema/enums.ts';
import { documents, enhancedDeclarations } from './schema/kyc.ts';

const APPROVED: (typeof documentStatus.enumValues)[number] = 'approved';

/**
 * The one definition of "documents verified": the current document (the newest row) of every
 * identity type is approved (a business's company documents, decision 057, and the enhanced
 * verification's, decision 062, decide other things). `userId` is the customer's id as SQL, e.g.
 * `usersIdColumn` in a list of users or a bound value.
 */
export function documentsVerifiedOf(userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`((
    select count(*) from (
      select distinct on (d.type) d.status
      from ${documents} d
      where d.user_id = ${userId}
        and d.type::text in (${sql.join(
          DOCUMENT_TYPES.map((type) => sql`${type}`),
          sql`, `,
        )})
      order by d.type, d.created_at desc, d.id desc
    ) current_documents
    where current_documents.status = ${APPROVED}
  ) = ${sql.raw(String(DOCUMENT_TYPES.length))})`;
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

/**
 * Whether the customer's enhanced verification is approved: the current document of each
 * enhanced type (proof of income, source of funds) is approved, and a declaration was made.
 */
function enhancedApprovedOf(userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`(((
    select count(*) from (
      select distinct on (d.type) d.status
      from ${documents} d
      where d.user_id = ${userId}
        and d.type in (${sql.raw(ENHANCED_DOCUMENT_TYPES.map((type) => `'${type}'`).join(', '))})
      order by d.type, d.created_at desc, d.id desc
    ) current_documents
    where current_documents.status = ${APPROVED}
  ) = ${sql.raw(String(ENHANCED_DOCUMENT_TYPES.length))})
  and exists (select 1 from ${enhancedDeclarations} e where e.user_id = ${userId}))`;
}

/**
 * The customer's KYC level (decision 062): 0 before the e-mail is validated, 1 e-mail validated,
 * 2 identity documents approved, 3 enhanced verification approved too.
 */
export async function customerLevel(db: Db | Tx, userId: string): Promise<0 | TierLevel> {
  const [row] = await db
    .select({
      email: users.emailVerified,
      documents: documentsVerifiedOf(usersIdColumn),
      enhanced: enhancedApprovedOf(usersIdColumn),
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row?.email) return 0;
  if (!row.documents) return 1;
  return row.enhanced ? 3 : 2;
}
