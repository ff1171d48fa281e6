import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { actorType } from './enums.ts';

/**
 * Who did what, when, with the entity before and after. Append-only: a trigger (custom migration
 * `audit_log_append_only`) raises on UPDATE, DELETE and TRUNCATE. Write it in the same
 * transaction as the change it records.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorType: actorType('actor_type').notNull(),
    /** users.id of the actor; null for the system. No foreign key: the log outlives users. */
    actorId: text('actor_id'),
    /** e.g. order.status_changed, settings.updated, fee_rule.created. */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    ip: text('ip'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_created_at_idx').on(t.createdAt),
    index('audit_log_actor_id_idx').on(t.actorId),
  ],
);

export type AuditLogEntry = typeof auditLog.$inferSelect;
export type NewAuditLogEntry = typeof auditLog.$inferInsert;
