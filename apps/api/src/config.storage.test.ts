import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('the storage settings', () => {
  it('keep files on the disk unless told otherwise', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'disk' });
    expect(loadConfig({ STORAGE: 'disk', S3_BUCKET: 'unused' }).storage).toEqual({ kind: 'disk' });
  });

  it('name the bucket, the server, the region and the encryption of STORAGE=s3', () => {
    expect(
      loadConfig({
        STORAGE: 's3',
        S3_BUCKET: 'permuta-files',
        S3_ENDPOINT: 'https://minio.internal:9000',
        S3_REGION: 'sa-east-1',
        S3_FORCE_PATH_STYLE: 'true',
        S3_SSE: 'aws:kms',
        S3_SSE_KMS_KEY_ID: 'alias/permuta',
        S3_CHECKSUMS: 'when_required',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'permuta-files',
      endpoint: 'https://minio.internal:9000',
      region: 'sa-east-1',
      forcePathStyle: true,
      sse: 'aws:kms',
      sseKmsKeyId: 'alias/permuta',
      checksums: 'when_required',
    });
    // AWS S3 of the SDK's own region variable, with the SDK's checksums
    expect(
      loadConfig({ STORAGE: 's3', S3_BUCKET: 'permuta-files', AWS_REGION: 'eu-west-1' }).storage,
    ).toMatchObject({
      endpoint: undefined,
      region: 'eu-west-1',
      forcePathStyle: false,
      sse: undefined,
      checksums: 'when_supported',
    });
  });

  it('refuse to start with STORAGE=s3 and no bucket, or a bad value', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET: required when STORAGE=s3/);
    for (const [name, value] of [
      ['STORAGE', 'ftp'],
      ['S3_BUCKET', 'Not_A_Bucket'],
      ['S3_ENDPOINT', 'not a url'],
      ['S3_SSE', 'rot13'],
      ['S3_CHECKSUMS', 'never'],
      ['S3_FORCE_PATH_STYLE', 'maybe'],
    ] as const) {
      expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'files', [name]: value }), name).toThrow(
        new RegExp(name),
      );
    }
    expect(() =>
      loadConfig({ STORAGE: 's3', S3_BUCKET: 'files', S3_SSE_KMS_KEY_ID: 'alias/permuta' }),
    ).toThrow(/S3_SSE_KMS_KEY_ID: only with S3_SSE=aws:kms/);
  });
});
