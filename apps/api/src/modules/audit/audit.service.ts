import type { AdminAuditPage, adminAuditQuerySchema } from '@permuta/contracts';
import { formatAuditCursor, parseAuditCursor } from '@permuta/contracts';
import type { Db } from '@permuta/db';
import type { z } from 'zod';
import { badRequest } from '../../lib/app-error.ts';
import { boundary } from '../../lib/date-filter.ts';
import { listAuditEntries } from './audit.repository.ts';

type AuditQuery = z.output<typeof adminAuditQuerySchema>;

/** The back office's audit log: filtered, newest first, in keyset pages. */
export function createAuditService(deps: { db: Db }) {
  return {
    async list(query: AuditQuery): Promise<AdminAuditPage> {
      const after = query.cursor ? parseAuditCursor(query.cursor) : null;
      // the query schema already refused a bad cursor; this keeps the service honest on its own
      if (query.cursor && !after)
        throw badRequest('CURSOR_INVALID', {}, { cursor: 'cursor.invalid' });
      const rows = await listAuditEntries(deps.db, {
        actorId: query.adminId,
        entityType: query.entityType,
        entityId: query.entityId,
        action: query.action,
        from: boundary(query.from, false),
        to: boundary(query.to, true),
        after: after ?? undefined,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          actorType: row.actorType,
          actor: row.actorId ? { id: row.actorId, username: row.actorUsername } : null,
          action: row.action,
          entityType: row.entityType,
          entityId: row.entityId,
          entityLabel: row.entityLabel,
          ip: row.ip,
          before: row.before,
          after: row.after,
        })),
        nextCursor:
          rows.length > query.limit && last ? formatAuditCursor(last.cursorAt, last.id) : null,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
