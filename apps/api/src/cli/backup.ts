/**
 * `npm run backup [-- --out <folder>]`
 * Backs up the database and every file it references into one new folder (decision 051), with
 * the server's own configuration: DATABASE_URL (PostgreSQL, through pg_dump) or else DATA_DIR
 * (the embedded database: asked of the running server, or opened here when none runs).
 * Default folder: ./backups/permuta-<UTC time>.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, createBackup } from '../backup/backup.ts';
import { loadConfigOrExit } from '../config.ts';

const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean' } } });
if (values.help) {
  console.info('usage: npm run backup [-- --out <new folder>]');
  process.exit(0);
}
const config = loadConfigOrExit();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = values.out ?? path.join('backups', `permuta-${stamp}`);

try {
  const { folder, manifest } = await createBackup(config, out);
  for (const key of manifest.missingFiles) {
    console.warn(`warning: ${key} is referenced by the database but missing from the storage`);
  }
  console.info(
    `Backup written to ${folder}: ${manifest.database.kind} database ` +
      `(${manifest.database.migrations} migrations, ${manifest.database.size} bytes), ` +
      `${manifest.files.length} files, ${manifest.missingFiles.length} missing.`,
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`Backup failed: ${error.message}`);
  process.exitCode = 1;
}
