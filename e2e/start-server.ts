/**
 * The e2e web server: the API as `npm start` runs it, after creating the admin the browser tests
 * sign in with (`E2E_ADMIN`), the way `npm run admin:create` does, and with the unmatched
 * payments of the inbox's test (seed-inbox.ts). An existing one is kept, so
 * the same data folder can serve several runs.
 */
import { AdminExistsError, createAdmin, createDb, migrate } from '@permuta/db';
import { loadConfig } from '../apps/api/src/config.ts';
import { seedInbox } from './seed-inbox.ts';
import { E2E_ADMIN } from './tests/e2e-admin.ts';

const config = loadConfig();
const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(handle);
  await seedInbox(handle.db);
  await createAdmin(handle.db, E2E_ADMIN);
} catch (error) {
  if (!(error instanceof AdminExistsError)) throw error;
} finally {
  await handle.close();
}

await import('../apps/api/src/server.ts');
