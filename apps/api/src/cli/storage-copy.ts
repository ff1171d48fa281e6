/**
 * `npm run storage:copy -- --from <storage> --to <storage>`
 * Copies every uploaded file from one storage to another, e.g. from the local disk to S3 before
 * switching an installation to STORAGE=s3. A storage is
 *   disk          the files of DATA_DIR (DATA_DIR/uploads), as the server reads DATA_DIR
 *   disk:<dir>    the files of the data dir <dir> (<dir>/uploads)
 *   s3            the bucket of S3_BUCKET, with S3_ENDPOINT, S3_REGION, ... as the server reads them
 *   s3:<bucket>   another bucket on the same S3 settings
 * Credentials for S3 come from the AWS SDK's usual variables (AWS_ACCESS_KEY_ID, AWS_PROFILE...).
 * Resumable and verified (see copyStorage): run it again after a stop, it skips what is already
 * there with the same sha256. Prints the counts; exits 1 when any file failed.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { copyStorage } from '../adapters/storage/copy-storage.ts';
import { S3FileStorage } from '../adapters/storage/s3-storage.ts';
import { DiskFileStorage } from '../adapters/storage/storage.ts';
import type { FileStorage } from '../adapters/storage/storage.ts';
import { ConfigError, loadConfig } from '../config.ts';

const USAGE =
  'usage: npm run storage:copy -- --from disk|disk:<data dir>|s3|s3:<bucket> --to disk|disk:<data dir>|s3|s3:<bucket>';

class UsageError extends Error {}

/** The storage a --from/--to value names, on the process's own configuration. */
function storageOf(spec: string, env: NodeJS.ProcessEnv): { storage: FileStorage; name: string } {
  const [kind, ...rest] = spec.split(':');
  const argument = rest.join(':');
  if (kind === 'disk') {
    const dataDir = argument || loadConfig({ ...env, STORAGE: 'disk' }).dataDir;
    if (dataDir.startsWith('memory://')) throw new UsageError('disk: DATA_DIR is memory://');
    const root = path.join(path.resolve(dataDir), 'uploads');
    return { storage: new DiskFileStorage(root), name: `disk ${root}` };
  }
  if (kind === 's3') {
    const config = loadConfig({
      ...env,
      STORAGE: 's3',
      ...(argument ? { S3_BUCKET: argument } : {}),
    });
    if (config.storage.kind !== 's3') throw new UsageError('s3: no S3 configuration');
    const where = config.storage.endpoint ?? `AWS ${config.storage.region}`;
    return {
      storage: new S3FileStorage(config.storage),
      name: `s3 bucket ${config.storage.bucket} on ${where}`,
    };
  }
  throw new UsageError(`not a storage: ${spec}`);
}

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    quiet: { type: 'boolean' },
    help: { type: 'boolean' },
  },
});
if (values.help || !values.from || !values.to) {
  console.info(USAGE);
  process.exit(values.help ? 0 : 64);
}

let from: { storage: FileStorage; name: string };
let to: { storage: FileStorage; name: string };
try {
  from = storageOf(values.from, process.env);
  to = storageOf(values.to, process.env);
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(64);
  }
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
  throw error;
}
if (from.name === to.name) {
  console.error(`--from and --to are the same storage (${from.name})`);
  process.exit(64);
}

console.info(`Copying the files of ${from.name} to ${to.name}`);
let exitCode = 0;
try {
  const counts = await copyStorage(from.storage, to.storage, (event) => {
    if (event.kind === 'failed') console.error(`failed ${event.key}: ${event.reason}`);
    else if (event.kind === 'copied' && !values.quiet) console.info(`copied ${event.key}`);
  });
  console.info(`copied ${counts.copied}, skipped ${counts.skipped}, failed ${counts.failed}`);
  if (counts.failed > 0) exitCode = 1;
} catch (error) {
  // the listing itself failed (source unreachable): nothing more can be said per file
  console.error(`stopped: ${error instanceof Error ? `${error.name}: ${error.message}` : error}`);
  exitCode = 1;
} finally {
  await from.storage.close();
  await to.storage.close();
}
process.exit(exitCode);
