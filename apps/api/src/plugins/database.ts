import fp from 'fastify-plugin';
import type { Db, DbHandle } from '@permuta/db';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbHandle: DbHandle;
  }
}

/** Shares the database with the routes and closes it last, after in-flight requests finished. */
export default fp<{ handle: DbHandle; ownsHandle: boolean }>(
  async (app, { handle, ownsHandle }) => {
    app.decorate('db', handle.db);
    app.decorate('dbHandle', handle);
    if (ownsHandle) {
      app.addHook('onClose', async () => {
        await handle.close();
      });
    }
  },
  { name: 'database' },
);
