import { and, desc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog, orders, tokens, users } from '@permuta/db';
import type { Db, Tx } from '@permuta/db';

export interface AuditFilter {
  actorId?: string;
  entityType?: string;
  /** the entity's id; for orders also its reference */
  entityId?: string;
  action?: string;
  from?: Date;
  to?: Date;
  /** keyset position: the exact `created_at` (as text) and id of the previous page's last entry */
  after?: { createdAt: string; id: number };
  limit: number;
}

export interface AuditRow {
  id: number;
  createdAt: Date;
  /** created_at to the microsecond, for the next cursor */
  cursorAt: string;
  actorType: 'customer' | 'admin' | 'system';
  actorId: string | null;
  actorUsername: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  entityLabel: string | null;
  ip: string | null;
  before: unknown;
  after: unknown;
}

const actor = alias(users, 'audit_actor');

/**
 * The audit log newest first on (created_at, id), keyset after `after`, with the acting user's
 * username and a human label of the entity (an order's reference, a token's code, a user's name).
 */
export async function listAuditEntries(db: Db | Tx, filter: AuditFilter): Promise<AuditRow[]> {
  const conditions: (SQL | undefined)[] = [
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.entityType ? eq(auditLog.entityType, filter.entityType) : undefined,
    filter.entityId
      ? sql`(${auditLog.entityId} = ${filter.entityId} OR (${auditLog.entityType} = 'order' AND ${auditLog.entityId} = (SELECT ${orders.id}::text FROM ${orders} WHERE ${orders.reference} = ${filter.entityId.toUpperCase()})))`
      : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.from
      ? sql`${auditLog.createdAt} >= ${filter.from.toISOString()}::timestamptz`
      : undefined,
    filter.to ? sql`${auditLog.createdAt} < ${filter.to.toISOString()}::timestamptz` : undefined,
    filter.after
      ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${filter.after.createdAt}::timestamptz, ${filter.after.id}::bigint)`
      : undefined,
  ];
  const entityLabel = sql<string | null>`CASE
      WHEN ${auditLog.entityType} = 'order'
        THEN (SELECT ${orders.reference} FROM ${orders} WHERE ${orders.id}::text = ${auditLog.entityId})
      WHEN ${auditLog.entityType} = 'token'
        THEN (SELECT ${tokens.code} FROM ${tokens} WHERE ${tokens.id} = ${auditLog.entityId})
      WHEN ${auditLog.entityType} IN ('customer', 'user', 'admin')
        THEN (SELECT coalesce(${users.displayUsername}, ${users.username}) FROM ${users} WHERE ${users.id} = ${auditLog.entityId})
    END`;
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      cursorAt: sql<string>`to_char(${auditLog.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      actorType: auditLog.actorType,
      actorId: auditLog.actorId,
      actorUsername: actor.username,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      entityLabel,
      ip: auditLog.ip,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.limit);
}
