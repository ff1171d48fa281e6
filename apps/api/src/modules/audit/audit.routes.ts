import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuditPageSchema, adminAuditQuerySchema } from '@permuta/contracts';
import { defaultAdminRole, requireAdmin } from '../auth/guards.ts';
import { apiErrors } from '../../lib/api-errors.ts';
import type { AuditService } from './audit.service.ts';

const errors = apiErrors(400, 401, 403);

/** The back office's audit log (/admin/audit). Admins only. */
export const auditRoutes: FastifyPluginAsyncZod<{ service: AuditService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireAdmin);
  defaultAdminRole(app, 'owner');

  app.get(
    '/api/v1/admin/audit',
    {
      schema: {
        operationId: 'listAuditEntries',
        tags: ['admin', 'audit'],
        summary: 'Audit log',
        description:
          "Who did what and when, with the entity before and after; newest first, keyset-paginated on (created_at, id): pass the previous page's `nextCursor` as `cursor`. Filters: `adminId` (users.id of the admin), `entityType` and `entityId` (for orders also the reference), `action`, `from`/`to` (whole days in Brazil, 2000 to 2099). A bad date, an inverted range or a made-up cursor is a 400 with field errors.",
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditPageSchema, ...errors },
      },
    },
    async (request) => service.list(request.query),
  );
};
