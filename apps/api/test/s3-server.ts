import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../src/config.ts';

/** s3rver's fixed credentials: the SDK signs with them, s3rver checks the signature. */
export const S3RVER_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface TestS3Server {
  endpoint: string;
  /** the S3_* settings (and the SDK's credential variables) for `bucket` on this server */
  env(bucket: string): Record<string, string>;
  /** an S3Config for `bucket` on this server */
  config(bucket: string): S3Config;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver) on 127.0.0.1 with the given buckets, files in a fresh
 * temporary folder. Puts the credentials into process.env for the SDK's default chain, as an
 * operator's environment would, and takes them out at close.
 */
export async function startS3Server(buckets: string[]): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'permuta-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const saved = Object.fromEntries(
    Object.keys(S3RVER_CREDENTIALS).map((name) => [name, process.env[name]]),
  );
  Object.assign(process.env, S3RVER_CREDENTIALS);
  return {
    endpoint,
    env: (bucket) => ({
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      ...S3RVER_CREDENTIALS,
    }),
    config: (bucket) => ({
      bucket,
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      sse: undefined,
      sseKmsKeyId: undefined,
      checksums: 'when_supported',
    }),
    close: async () => {
      await server.close();
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
