import fp from 'fastify-plugin';
import type { PGlite } from '@electric-sql/pglite';
import { openSnapshotChannel } from '../backup/pglite-snapshot.ts';

/**
 * The embedded database's backup channel (decision 051): while the app runs on PGlite in a data
 * folder, `npm run backup` asks it for a consistent snapshot over an owner-only Unix socket,
 * since no other process may open that folder under it.
 */
export default fp<{ pglite: PGlite; dataDir: string }>(
  async (app, { pglite, dataDir }) => {
    let close: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      close = await openSnapshotChannel(pglite, dataDir, app.log);
    });
    // before the database closes (onClose)
    app.addHook('preClose', async () => {
      await close?.();
      close = null;
    });
  },
  { name: 'backup-channel', dependencies: ['database'] },
);
