import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationStatus } from '@permuta/db';
import type { DbHandle } from '@permuta/db';

const healthSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['up', 'down']),
  migrations: z.object({ applied: z.number().int(), expected: z.number().int() }).nullable(),
});

export const healthRoutes: FastifyPluginAsyncZod<{ handle: DbHandle }> = async (
  app,
  { handle },
) => {
  app.get(
    '/healthz',
    {
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: healthSchema } },
      logLevel: 'warn',
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The database is reachable and every migration is applied',
        response: { 200: readySchema, 503: readySchema },
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      try {
        await handle.ping();
        const migrations = await migrationStatus(handle);
        const ready = migrations.applied >= migrations.expected;
        return reply
          .status(ready ? 200 : 503)
          .send({ status: ready ? 'ready' : 'not_ready', database: 'up', migrations });
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send({ status: 'not_ready', database: 'down', migrations: null });
      }
    },
  );
};
