import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationStatus } from '@permuta/db';
import type { DbHandle } from '@permuta/db';

const healthSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['up', 'down']),
  migrations: z.object({ applied: z.number().int(), expected: z.number().int() }).nullable(),
  /** the file storage answers (the S3 bucket, the disk's folder): uploads and downloads work */
  storage: z.enum(['up', 'down']),
});

export const healthRoutes: FastifyPluginAsyncZod<{
  handle: DbHandle;
  checkStorage: () => Promise<void>;
}> = async (app, { handle, checkStorage }) => {
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'getLiveness',
        tags: ['health'],
        summary: 'The process is up',
        response: { 200: healthSchema },
      },
      logLevel: 'warn',
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'getReadiness',
        tags: ['health'],
        summary: 'The database and the file storage are reachable, every migration is applied',
        response: { 200: readySchema, 503: readySchema },
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const [database, storage] = await Promise.all([
        (async () => {
          await handle.ping();
          return migrationStatus(handle);
        })().catch((error: unknown) => {
          request.log.warn({ err: error }, 'readiness check failed: database');
          return null;
        }),
        checkStorage().then(
          () => 'up' as const,
          (error: unknown) => {
            request.log.warn({ err: error }, 'readiness check failed: file storage');
            return 'down' as const;
          },
        ),
      ]);
      const ready = database !== null && database.applied >= database.expected && storage === 'up';
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not_ready',
        database: database ? 'up' : 'down',
        migrations: database,
        storage,
      });
    },
  );
};
