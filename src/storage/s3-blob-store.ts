import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import { AppError } from '../errors.js';
import type { BlobStore, ByteRange } from './blob-store.js';

/** Milliseconds to open a connection to the store, and to wait for any one answer. */
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 60_000;

interface S3Failure {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (err: unknown) => (err as S3Failure).$metadata?.httpStatusCode;
const isMissing = (err: unknown) =>
  statusOf(err) === 404 || ['NoSuchKey', 'NotFound'].includes((err as S3Failure).name ?? '');

/**
 * Blobs as objects in one S3 bucket (AWS, MinIO, Ceph RGW). A PutObject is atomic (readers see the
 * old object, none, or the whole new one), so unlike the disk store nothing half-written can be
 * left behind by a killed process. The service still serves the audio itself (`publicUrl` is null):
 * hosted links keep their unguessable-token URLs and Range support, and the bucket stays private.
 */
export class S3BlobStore implements BlobStore {
  private constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  /**
   * Connects and checks that the bucket exists and the credentials may use it, so a wrong setting
   * fails at start-up with a message naming it instead of at the first generation. A missing
   * bucket is an error, not created: a typo in S3_BUCKET would otherwise scatter audio into a new,
   * unnoticed bucket with the account's default (possibly public) settings.
   */
  static async open(config: S3Config): Promise<S3BlobStore> {
    const client = new S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // Checksums only where S3 requires them: S3-compatible stores such as Ceph RGW 16 refuse the
      // SDK's default CRC32-trailer uploads with 411. Bodies are Buffers with a Content-Length.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    });
    const where = `bucket "${config.bucket}" at ${config.endpoint ?? `AWS S3 (${config.region})`}`;
    try {
      await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
    } catch (err) {
      client.destroy();
      const status = statusOf(err);
      const reason =
        status === 404
          ? 'the bucket does not exist; create it first (voicelib does not create buckets)'
          : status === 403 || status === 401
            ? 'access denied: check AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY and the bucket policy'
            : `the store did not answer (${(err as Error).message || (err as S3Failure).name})`;
      throw new Error(`S3 storage unusable: ${where}: ${reason}`, { cause: err });
    }
    return new S3BlobStore(client, config.bucket);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.call(
      this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: contentType, ContentLength: data.length }),
      ),
    );
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    await this.put(key, await fsp.readFile(file), contentType);
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw unavailable(err);
    }
  }

  /** GetObject, with `Range: bytes=start-end` for one range, so only those bytes cross the network. */
  async read(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      // In Node the SDK's body is an http.IncomingMessage, a Readable.
      return object.Body as Readable;
    } catch (err) {
      if (isMissing(err)) throw new AppError('not_found', 'No such audio');
      throw unavailable(err);
    }
  }

  /** Deleting a key that does not exist succeeds, as on disk. */
  async delete(key: string): Promise<void> {
    await this.call(this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  async publicUrl(): Promise<string | null> {
    return null;
  }

  /** Nothing to sweep: S3 has no partial objects (single PutObject, no multipart uploads). */
  async sweepPartialWrites(): Promise<number> {
    return 0;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private async call<T>(request: Promise<T>): Promise<T> {
    try {
      return await request;
    } catch (err) {
      throw unavailable(err);
    }
  }
}

/** S3 failures reach the domain as 503: the request may succeed once the store answers again. */
function unavailable(err: unknown): AppError {
  return new AppError('service_unavailable', 'Audio storage is unavailable; try again shortly', {
    headers: { 'Retry-After': '5' },
    cause: err,
  });
}
