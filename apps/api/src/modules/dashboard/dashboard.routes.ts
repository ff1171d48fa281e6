import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '@permuta/contracts';
import { defaultAdminRole, requireAdmin } from '../auth/guards.ts';
import type { DashboardService } from './dashboard.service.ts';
import { apiErrors } from '../../lib/api-errors.ts';

const errors = apiErrors(401, 403);

/** The back office's dashboard (/admin): work queues and the charts' series. Admins only. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ service: DashboardService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireAdmin);
  defaultAdminRole(app, 'operator');

  app.get(
    '/api/v1/admin/dashboard',
    {
      schema: {
        operationId: 'getDashboard',
        tags: ['admin-dashboard'],
        summary: 'The work waiting now and the series of the last weeks',
        description:
          'Order queues (waiting for confirmation: user_confirmed + paid; waiting for payout: admin_confirmed + processing; in error) and documents waiting for review (those older than 24 h counted as overdue), each with its oldest items; orders per day by status and volume per pair per day over the last 30 days, new customers per week over the last 12 weeks, and the daily price of the main tokens. Days and weeks (Monday first) are those of America/Sao_Paulo; every day is present, zeros included.',
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async () => service.dashboard(),
  );
};
