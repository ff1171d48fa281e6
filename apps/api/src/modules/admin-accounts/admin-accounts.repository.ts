import { aliasedTable, and, count, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  accounts,
  documents,
  enhancedDeclarations,
  networks,
  orders,
  sessions,
  settings,
  tokens,
  users,
  wallets,
  documentsVerified,
  documentsVerifiedOf,
  usersIdColumn,
} from '@permuta/db';
import type { Db, Tx } from '@permuta/db';
import type { AdminProfile, CustomerProfile, DocumentView } from '@permuta/contracts';
import type { z } from 'zod';
import type {
  adminCustomerOrderSchema,
  adminCustomerWalletSchema,
  adminListItemSchema,
  customerListItemSchema,
  customerListQuerySchema,
} from '@permuta/contracts';

/** Query functions of the back office's accounts screens; each takes the database or a transaction. */

export type UserRow = typeof users.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type AdminListItem = z.infer<typeof adminListItemSchema>;
export type CustomerListItem = z.infer<typeof customerListItemSchema>;
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;
export type AdminCustomerWallet = z.infer<typeof adminCustomerWalletSchema>;
export type AdminCustomerOrder = z.infer<typeof adminCustomerOrderSchema>;

// --- users ----------------------------------------------------------------------------------

export async function findUser(db: Db | Tx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Locks the row for the rest of the transaction (concurrent deletes/demotions of admins). */
export async function lockUser(tx: Tx, id: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return row ?? null;
}

/**
 * Locks every admin row, so that two owners deleting or demoting each other at the same time
 * cannot both pass the "not the last admin / owner" checks. Returns their ids and roles.
 */
export async function lockAdmins(
  tx: Tx,
): Promise<{ id: string; adminRole: UserRow['adminRole'] }[]> {
  return tx
    .select({ id: users.id, adminRole: users.adminRole })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(users.id)
    .for('update');
}

export function toAdminListItem(user: UserRow): AdminListItem {
  return {
    id: user.id,
    username: user.displayUsername ?? user.username,
    name: user.name,
    role: user.role,
    adminRole: user.adminRole ?? 'operator',
    twoFactorEnabled: user.twoFactorEnabled,
    createdAt: user.createdAt.toISOString(),
  };
}

export function toAdminProfile(user: UserRow): AdminProfile {
  return {
    id: user.id,
    role: 'admin',
    adminRole: user.adminRole ?? 'operator',
    username: user.displayUsername ?? user.username,
    name: user.name,
    twoFactorEnabled: user.twoFactorEnabled,
    createdAt: user.createdAt.toISOString(),
  };
}

export async function listAdmins(db: Db | Tx): Promise<AdminListItem[]> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(desc(users.createdAt), desc(users.id));
  return rows.map(toAdminListItem);
}

/** Whether another user (admin or customer) already has this username, case-insensitively. */
export async function usernameTaken(
  db: Db | Tx,
  username: string,
  exceptId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, ne(users.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

export async function updateUser(
  tx: Tx,
  id: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [row] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
  if (!row) throw new Error(`user ${id} vanished during its update`);
  return row;
}

export async function setCredentialPassword(tx: Tx, userId: string, hash: string): Promise<void> {
  await tx
    .update(accounts)
    .set({ password: hash })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
}

export async function deleteUser(tx: Tx, id: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, id));
}

/** Deletes the user's sessions, except `keepSessionId` when given. Returns how many went. */
export async function deleteSessions(
  tx: Tx,
  userId: string,
  keepSessionId?: string,
): Promise<number> {
  const rows = await tx
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

// --- customers ------------------------------------------------------------------------------

/** The list's column and its verified/unverified filter. */
const documentsVerifiedSql = documentsVerifiedOf(usersIdColumn);

/** `%value%` for LIKE with the value's own wildcards escaped. */
function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listCustomers(
  db: Db | Tx,
  query: CustomerListQuery,
): Promise<{ items: CustomerListItem[]; total: number }> {
  const conditions: SQL[] = [eq(users.role, 'customer')];
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    const matches: SQL[] = [
      sql`${users.name} ilike ${pattern}`,
      sql`${users.email} ilike ${pattern}`,
      sql`${users.username} ilike ${pattern}`,
    ];
    const digits = q.replace(/\D/g, '');
    // A CPF typed with or without its punctuation ("123.456", "123456").
    if (digits.length > 0 && /^[\d.\-\s]+$/.test(q)) {
      matches.push(sql`${users.cpf} like ${`%${digits}%`}`);
      matches.push(sql`${users.retainedCpf} like ${`%${digits}%`}`);
    }
    conditions.push(or(...matches)!);
  }
  switch (query.status) {
    case 'active':
      conditions.push(eq(users.active, true));
      break;
    case 'inactive':
      conditions.push(eq(users.active, false));
      break;
    case 'verified':
      conditions.push(documentsVerifiedSql);
      break;
    case 'unverified':
      conditions.push(sql`not ${documentsVerifiedSql}`);
      break;
    case 'all':
      break;
  }
  const where = and(...conditions);
  const [totalRow] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      displayUsername: users.displayUsername,
      name: users.name,
      email: users.email,
      cpf: users.cpf,
      retainedCpf: users.retainedCpf,
      anonymizedAt: users.anonymizedAt,
      active: users.active,
      emailVerified: users.emailVerified,
      nationalIdVerified: users.nationalIdVerified,
      documentsVerified: documentsVerifiedSql,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    total: Number(totalRow?.total ?? 0),
    items: rows.map((row) => ({
      id: row.id,
      username: row.displayUsername ?? row.username,
      name: row.name,
      email: row.email,
      cpf: row.cpf ?? row.retainedCpf ?? '',
      active: row.active,
      emailVerified: row.emailVerified,
      documentsVerified: Boolean(row.documentsVerified),
      nationalIdVerified: row.nationalIdVerified,
      createdAt: row.createdAt.toISOString(),
      anonymizedAt: row.anonymizedAt?.toISOString() ?? null,
    })),
  };
}

/** The current document of each type (newest row per type). */
export async function currentDocuments(db: Db | Tx, userId: string): Promise<DocumentRow[]> {
  return db
    .selectDistinctOn([documents.type])
    .from(documents)
    .where(eq(documents.userId, userId))
    .orderBy(documents.type, desc(documents.createdAt), desc(documents.id));
}

export async function customerProfile(db: Db | Tx, user: UserRow): Promise<CustomerProfile> {
  return {
    id: user.id,
    role: 'customer',
    username: user.displayUsername ?? user.username,
    name: user.name,
    email: user.email,
    phone: user.phone ?? '',
    // an anonymised customer's CPF is kept for the retained records (decision 063)
    cpf: user.cpf ?? user.retainedCpf ?? '',
    birthDate: user.birthDate ?? '',
    locale: user.locale,
    emailVerified: user.emailVerified,
    active: user.active,
    nationalIdVerified: user.nationalIdVerified,
    documentsVerified: await documentsVerified(db, user.id),
    defaultSendToken: user.defaultSendToken,
    defaultReceiveToken: user.defaultReceiveToken,
    createdAt: user.createdAt.toISOString(),
    anonymizedAt: user.anonymizedAt?.toISOString() ?? null,
  };
}

export function toDocumentView(doc: DocumentRow): DocumentView {
  return {
    id: doc.id,
    type: doc.type,
    status: doc.status,
    originalName: doc.originalName,
    mimeType: doc.mimeType,
    sizeBytes: doc.sizeBytes,
    rejectionReason: doc.rejectionReason,
    uploadedAt: doc.createdAt.toISOString(),
    reviewedAt: doc.reviewedAt ? doc.reviewedAt.toISOString() : null,
  };
}

export async function allDocuments(db: Db | Tx, userId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(eq(documents.userId, userId))
    .orderBy(desc(documents.createdAt), desc(documents.id));
}

/** The customer's newest declaration of an enhanced verification request (decision 062). */
export async function latestEnhancedDeclaration(
  db: Db | Tx,
  userId: string,
): Promise<{ incomeRange: string; occupation: string; declaredAt: string } | null> {
  const [row] = await db
    .select()
    .from(enhancedDeclarations)
    .where(eq(enhancedDeclarations.userId, userId))
    .orderBy(desc(enhancedDeclarations.createdAt), desc(enhancedDeclarations.id))
    .limit(1);
  return row
    ? {
        incomeRange: row.incomeRange,
        occupation: row.occupation,
        declaredAt: row.createdAt.toISOString(),
      }
    : null;
}

export async function customerWallets(db: Db | Tx, userId: string): Promise<AdminCustomerWallet[]> {
  const rows = await db
    .select({
      id: wallets.id,
      kind: wallets.kind,
      token: tokens.code,
      network: networks.code,
      address: wallets.address,
      pixKey: wallets.pixKey,
      derivAccount: wallets.derivAccount,
      memo: wallets.memo,
      createdAt: wallets.createdAt,
    })
    .from(wallets)
    .innerJoin(tokens, eq(tokens.id, wallets.tokenId))
    .leftJoin(networks, eq(networks.id, wallets.networkId))
    .where(eq(wallets.userId, userId))
    .orderBy(desc(wallets.createdAt), desc(wallets.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    token: row.token,
    network: row.network,
    destination: row.address ?? row.pixKey ?? row.derivAccount ?? '',
    memo: row.memo,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function customerOrders(db: Db | Tx, userId: string): Promise<AdminCustomerOrder[]> {
  const sendToken = aliasedTable(tokens, 'send_token');
  const receiveToken = aliasedTable(tokens, 'receive_token');
  const rows = await db
    .select({
      id: orders.id,
      reference: orders.reference,
      sendToken: sendToken.code,
      receiveToken: receiveToken.code,
      amountSend: orders.amountSend,
      amountReceive: orders.amountReceive,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(sendToken, eq(sendToken.id, orders.sendTokenId))
    .innerJoin(receiveToken, eq(receiveToken.id, orders.receiveTokenId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

// --- documents ------------------------------------------------------------------------------

export async function findDocument(db: Db | Tx, id: string): Promise<DocumentRow | null> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  return row ?? null;
}

/**
 * Compare-and-set review: only while the document is still `uploaded`. Null when another
 * review won the race.
 */
export async function reviewDocument(
  tx: Tx,
  id: string,
  values: {
    status: 'approved' | 'rejected';
    rejectionReason: string | null;
    reviewedBy: string;
    reviewedAt: Date;
  },
): Promise<DocumentRow | null> {
  const [row] = await tx
    .update(documents)
    .set(values)
    .where(and(eq(documents.id, id), eq(documents.status, 'uploaded')))
    .returning();
  return row ?? null;
}

// --- settings -------------------------------------------------------------------------------

/** The support address of the settings (where the back office hears of security events), if any. */
export async function readSupportEmail(db: Db | Tx): Promise<string | null> {
  const [row] = await db
    .select({ supportEmail: settings.supportEmail })
    .from(settings)
    .where(eq(settings.id, 1))
    .limit(1);
  return row?.supportEmail?.trim() || null;
}

export async function readTwoFactorRequired(db: Db | Tx): Promise<boolean> {
  const [row] = await db
    .select({ required: settings.twoFactorRequired })
    .from(settings)
    .where(eq(settings.id, 1))
    .limit(1);
  return row?.required ?? false;
}
