import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import { assertFolder, assertKey, isStorageKey } from './storage.ts';
import type { FileStorage } from './storage.ts';

/** How long the readiness probe waits for the bucket before calling the storage down. */
const CHECK_TIMEOUT_MS = 3_000;

/**
 * An S3 bucket (AWS, or an S3-compatible server at `endpoint`), shared by every instance.
 * Objects are written private (no ACL is ever sent, so the bucket's default applies: keep the
 * bucket's public access blocked) and served through the API as from the disk. Credentials come
 * from the SDK's standard chain: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE, a web
 * identity, the instance's role.
 */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3';
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly encryption: Pick<
    ConstructorParameters<typeof PutObjectCommand>[0],
    'ServerSideEncryption' | 'SSEKMSKeyId'
  >;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    const checksums = config.checksums === 'when_required' ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED';
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      requestChecksumCalculation: checksums,
      responseChecksumValidation: checksums,
      // a stuck connection fails the request instead of holding an upload for minutes
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      maxAttempts: 3,
    });
    this.encryption = config.sse
      ? {
          ServerSideEncryption: config.sse,
          ...(config.sseKmsKeyId ? { SSEKMSKeyId: config.sseKmsKeyId } : {}),
        }
      : {};
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    assertKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: 'application/octet-stream',
        ...this.encryption,
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    assertKey(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      if (!answer.Body) return Buffer.alloc(0);
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      // some S3-compatible servers answer a bare 404 without the NoSuchKey code
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
        if (error.name === 'NoSuchBucket') throw error;
        return null;
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    // S3 answers 204 to a key that is not there: deleting twice is fine
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(folder?: string): AsyncIterable<string> {
    assertFolder(folder);
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          ...(folder !== undefined ? { Prefix: `${folder}/` } : {}),
          ...(continuationToken ? { ContinuationToken: continuationToken } : {}),
        }),
      );
      for (const object of page.Contents ?? []) {
        // objects another program put in the bucket are not files of this storage
        if (object.Key && isStorageKey(object.Key)) yield object.Key;
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
      abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
