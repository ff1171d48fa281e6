import type { AppConfig } from '../../config.ts';
import { S3FileStorage } from './s3-storage.ts';
import { createFileStorage } from './storage.ts';
import type { FileStorage } from './storage.ts';

/** The storage the configuration names: STORAGE=s3 for the bucket, otherwise the data dir's. */
export function storageFromConfig(config: Pick<AppConfig, 'dataDir' | 'storage'>): FileStorage {
  if (config.storage.kind === 's3') return new S3FileStorage(config.storage);
  return createFileStorage(config.dataDir);
}
