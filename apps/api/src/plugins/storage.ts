import fp from 'fastify-plugin';
import { createFileStorage } from '../adapters/storage/storage.ts';
import type { FileStorage } from '../adapters/storage/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** uploaded files (documents, payout proofs): never served from a public path */
    storage: FileStorage;
  }
}

/**
 * Decorates the app with the file storage of its data dir (local disk in `${DATA_DIR}/uploads`,
 * memory for `memory://`). Safe to register from more than one module: the first one wins.
 */
export default fp<{ dataDir: string }>(
  async (app, { dataDir }) => {
    if (!app.hasDecorator('storage')) app.decorate('storage', createFileStorage(dataDir));
  },
  { name: 'storage' },
);
