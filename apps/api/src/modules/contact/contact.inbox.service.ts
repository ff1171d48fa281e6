import type {
  AdminContactMessage,
  AdminContactPage,
  adminContactQuerySchema,
} from '@permuta/contracts';
import { parseContactCursor } from '@permuta/contracts';
import type { Db } from '@permuta/db';
import type { z } from 'zod';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { findInboxMessage, listInbox, markAnswered } from './contact.inbox.repository.ts';
import type { InboxRow } from './contact.inbox.repository.ts';

type InboxQuery = z.output<typeof adminContactQuerySchema>;

function toView(row: InboxRow): AdminContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
    answeredBy: row.answeredBy ? { id: row.answeredBy, username: row.answeredByUsername } : null,
  };
}

/** The back office's contact inbox: the messages newest first, each marked answered once. */
export function createContactInboxService(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  return {
    async list(query: InboxQuery): Promise<AdminContactPage> {
      const after = query.cursor ? parseContactCursor(query.cursor) : null;
      if (query.cursor && !after) {
        throw badRequest('CURSOR_INVALID', {}, { cursor: 'cursor.invalid' });
      }
      const rows = await listInbox(db, {
        unansweredOnly: query.show === 'unanswered',
        after: after ?? undefined,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(toView),
        nextCursor: rows.length > query.limit && last ? `${last.cursorAt}_${last.id}` : null,
      };
    },

    /**
     * Marks the message answered by the admin. Idempotent: a message already answered stays as
     * the first admin left it (who and when), and only that first marking is audited.
     */
    async markAnswered(caller: { userId: string; ip: string }, id: string) {
      const row = await db.transaction(async (tx) => {
        const at = deps.now();
        if (await markAnswered(tx, id, caller.userId, at)) {
          await writeAudit(tx, {
            actorType: 'admin',
            actorId: caller.userId,
            action: 'contact_message.answered',
            entityType: 'contact_message',
            entityId: id,
            ip: caller.ip,
            before: { answeredAt: null },
            after: { answeredAt: at.toISOString(), answeredBy: caller.userId },
          });
        }
        return findInboxMessage(tx, id);
      });
      if (!row) throw notFound('CONTACT_MESSAGE_NOT_FOUND');
      return toView(row);
    },
  };
}

export type ContactInboxService = ReturnType<typeof createContactInboxService>;
