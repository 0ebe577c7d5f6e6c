import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { isStorageKey, uploadUrl } from './keys';
import {
  type ByteRange,
  IMMUTABLE_CACHE_CONTROL,
  type ObjectStorage,
  RangeNotSatisfiable,
  type StoredObject,
} from './types';

const rangeHeader = (range: ByteRange) =>
  'suffix' in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end ?? ''}`;

/** S3's `Content-Range: bytes 0-99/1234`; none when it sent the whole object (a range over all of it). */
function contentRange(header: string | undefined): StoredObject['range'] {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header ?? '');
  return match ? { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) } : undefined;
}

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, R2, …); unset for AWS itself. */
  endpoint?: string;
  /** Without them the SDK's default chain applies (instance roles, web identity, env). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path rather than in the host name: what MinIO and most compatibles want. */
  forcePathStyle: boolean;
}

/** Objects in an S3-compatible bucket, with the official SDK. The bucket stays private. */
export class S3Storage implements ObjectStorage {
  readonly driver = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums only where S3 demands them: not every S3-compatible server knows the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  private checked(key: string): string {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
    return key;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.putObject(key, body, body.length, contentType);
  }

  async putFile(key: string, path: string, contentType: string): Promise<void> {
    // A single PUT with its length known streams the file; objects here stay far below S3's 5 GB.
    const { size } = await stat(path);
    const body = createReadStream(path);
    try {
      await this.putObject(key, body, size, contentType);
    } finally {
      body.destroy();
    }
  }

  private async putObject(key: string, body: Buffer | Readable, length: number, contentType: string) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.checked(key),
        Body: body,
        ContentType: contentType,
        ContentLength: length,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
  }

  async open(key: string, range?: ByteRange): Promise<StoredObject | null> {
    if (!isStorageKey(key)) return null;
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? rangeHeader(range) : undefined,
        }),
      );
      const part = range ? contentRange(object.ContentRange) : undefined;
      return {
        // In Node the SDK's body is the HTTP response stream.
        body: object.Body as Readable,
        contentType: object.ContentType ?? 'application/octet-stream',
        contentLength: object.ContentLength,
        etag: object.ETag,
        ...(part ? { range: part } : {}),
      };
    } catch (err) {
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416)
        throw new RangeNotSatisfiable();
      if (
        err instanceof S3ServiceException &&
        (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)
      )
        return null;
      throw err;
    }
  }

  urlFor(key: string): string {
    return uploadUrl(key);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
