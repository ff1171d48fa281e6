import { and, asc, count, eq, isNull, lt, or } from 'drizzle-orm';
import { apiKeys, businesses, users } from '@permuta/db';
import type { ApiKey, Business, Db, NewApiKey, Tx } from '@permuta/db';

/** Query functions of business customers and API keys (decision 057). */

export async function findBusiness(db: Db | Tx, userId: string): Promise<Business | null> {
  const [row] = await db.select().from(businesses).where(eq(businesses.userId, userId)).limit(1);
  return row ?? null;
}

/** Creates or updates a customer's business data, back to `pending`. */
export async function upsertBusiness(
  tx: Tx,
  input: { userId: string; companyName: string; cnpj: string },
): Promise<Business> {
  const [row] = await tx
    .insert(businesses)
    .values({ ...input, status: 'pending' })
    .onConflictDoUpdate({
      target: businesses.userId,
      set: {
        companyName: input.companyName,
        cnpj: input.cnpj,
        status: 'pending',
        reviewedBy: null,
        reviewedAt: null,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

export async function cnpjOwner(db: Db | Tx, cnpj: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: businesses.userId })
    .from(businesses)
    .where(eq(businesses.cnpj, cnpj))
    .limit(1);
  return row?.userId ?? null;
}

export async function setBusinessStatus(
  tx: Tx,
  input: { userId: string; status: Business['status']; reviewedBy: string; at: Date },
): Promise<Business | null> {
  const [row] = await tx
    .update(businesses)
    .set({ status: input.status, reviewedBy: input.reviewedBy, reviewedAt: input.at })
    .where(eq(businesses.userId, input.userId))
    .returning();
  return row ?? null;
}

export async function listApiKeys(db: Db | Tx, userId: string): Promise<ApiKey[]> {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

export async function countLiveApiKeys(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertApiKey(tx: Tx, values: NewApiKey): Promise<ApiKey> {
  const [row] = await tx.insert(apiKeys).values(values).returning();
  return row!;
}

/** One key; `ownerId` limits it to that customer's keys. */
export async function findApiKey(
  db: Db | Tx,
  id: string,
  ownerId?: string,
): Promise<ApiKey | null> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), ownerId ? eq(apiKeys.userId, ownerId) : undefined))
    .limit(1);
  return row ?? null;
}

export async function revokeApiKey(tx: Tx, id: string, at: Date): Promise<ApiKey | null> {
  const [row] = await tx
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning();
  return row ?? null;
}

export async function setApiKeyRateLimit(
  tx: Tx,
  id: string,
  rateLimitPerMinute: number,
): Promise<ApiKey | null> {
  const [row] = await tx
    .update(apiKeys)
    .set({ rateLimitPerMinute })
    .where(eq(apiKeys.id, id))
    .returning();
  return row ?? null;
}

export interface KeyHolderRow {
  key: ApiKey;
  userActive: boolean;
  emailVerified: boolean;
  businessStatus: Business['status'] | null;
}

/** A key by its visible prefix, with what decides whether its holder may use it now. */
export async function findKeyHolder(db: Db, prefix: string): Promise<KeyHolderRow | null> {
  const [row] = await db
    .select({
      key: apiKeys,
      userActive: users.active,
      emailVerified: users.emailVerified,
      businessStatus: businesses.status,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .leftJoin(businesses, eq(businesses.userId, apiKeys.userId))
    .where(eq(apiKeys.prefix, prefix))
    .limit(1);
  return row ?? null;
}

/** Records a use of the key, unless one was recorded less than a minute before `now`. */
export async function touchApiKey(db: Db, id: string, now: Date): Promise<void> {
  const minuteAgo = new Date(now.getTime() - 60_000);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, minuteAgo))),
    );
}
