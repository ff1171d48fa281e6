import { auditLog } from '@permuta/db';
import type { Db, Tx } from '@permuta/db';

export interface AuditEntry {
  actorType: 'customer' | 'admin' | 'system';
  /** users.id of the actor; null for the system or an unknown caller (a failed sign-in) */
  actorId: string | null;
  /** what happened, dotted: `auth.sign_in`, `auth.sign_in_failed`, `admin.created`, ... */
  action: string;
  entityType: string;
  entityId?: string | null;
  ip?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Keys never written to the audit log, at any depth. */
const SECRET_KEYS = new Set(['password', 'passwordHash', 'token', 'secret', 'backupCodes', 'code']);

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.has(k) ? '[redacted]' : redact(v)]),
    );
  }
  return value;
}

/**
 * Appends one audit entry. Pass the transaction that makes the change, so that the change and
 * its record commit or roll back together.
 */
export async function writeAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorType: entry.actorType,
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    ip: entry.ip ?? null,
    before: entry.before === undefined ? null : redact(entry.before),
    after: entry.after === undefined ? null : redact(entry.after),
  });
}
