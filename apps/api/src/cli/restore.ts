/**
 * `npm run restore -- <backup folder> [--force]`
 * Restores a backup (decision 051) into the database and storage of this environment: a new
 * PostgreSQL database (DATABASE_URL) or a new, empty DATA_DIR. Every checksum is verified before
 * anything is written, then this release's migrations run (an older backup migrates forward).
 * --force restores over a non-empty PostgreSQL database (its objects are dropped first).
 */
import { parseArgs } from 'node:util';
import { BackupError, restoreBackup } from '../backup/backup.ts';
import { loadConfigOrExit } from '../config.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean' }, help: { type: 'boolean' } },
});
if (values.help || positionals.length !== 1) {
  console.info('usage: npm run restore -- <backup folder> [--force]');
  process.exit(values.help ? 0 : 64);
}
const config = loadConfigOrExit();

try {
  const report = await restoreBackup(positionals[0]!, config, { force: values.force ?? false });
  const where = config.databaseUrl
    ? `PostgreSQL database ${new URL(config.databaseUrl).pathname.slice(1)}`
    : `embedded database in ${config.dataDir}`;
  console.info(
    `Restored the backup of ${report.manifest.createdAt} into the ${where}: ` +
      `${report.files} files verified and stored, migrations ${report.migrationsBefore} -> ` +
      `${report.migrationsAfter}.`,
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`Restore refused: ${error.message}`);
  process.exitCode = 1;
}
