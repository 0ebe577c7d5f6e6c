import { fileURLToPath } from 'node:url';
import Type from 'typebox';
import { ConfigError } from '../config';
import { LocalDiskStorage } from './local';
import type { ObjectStorage } from './types';

/** Configuration of the storage port, for the services that store uploads and the gateway that serves them. */
export const StorageConfigFields = {
  /** `local`: files under UPLOADS_DIR (one host); `s3`: an S3-compatible bucket (any number of replicas). */
  STORAGE_DRIVER: Type.Enum(['local', 's3'], { default: 'local' }),
  UPLOADS_DIR: Type.String({
    minLength: 1,
    default: fileURLToPath(new URL('../../../.data/uploads', import.meta.url)),
  }),
  S3_BUCKET: Type.Optional(Type.String({ minLength: 3, maxLength: 63 })),
  S3_REGION: Type.String({ minLength: 1, default: 'us-east-1' }),
  /** An S3-compatible server such as MinIO; unset for AWS S3 itself. */
  S3_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** No spaces or colons: a template's `REPLACE_ME:…` placeholder stops the boot instead of every upload. */
  S3_ACCESS_KEY_ID: Type.Optional(Type.String({ pattern: '^[^\\s:]{3,128}$' })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ pattern: '^[^\\s:]{8,}$' })),
  /** MinIO and most S3-compatible servers want the bucket in the path, not the host name. */
  S3_FORCE_PATH_STYLE: Type.Boolean({ default: false }),
};

export interface StorageConfig {
  STORAGE_DRIVER: 'local' | 's3';
  UPLOADS_DIR: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE: boolean;
}

/**
 * The storage the configuration chooses. The S3 SDK is loaded only when S3 is chosen, so the
 * embedded run does not pay for it at start-up.
 */
export async function createObjectStorage(config: StorageConfig, service?: string): Promise<ObjectStorage> {
  if (config.STORAGE_DRIVER === 'local') return new LocalDiskStorage(config.UPLOADS_DIR);
  const problems: string[] = [];
  if (!config.S3_BUCKET) problems.push('S3_BUCKET: is required when STORAGE_DRIVER is s3');
  if (!config.S3_ACCESS_KEY_ID !== !config.S3_SECRET_ACCESS_KEY)
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  if (problems.length) throw new ConfigError(problems, service);
  const { S3Storage } = await import('./s3');
  return new S3Storage({
    bucket: config.S3_BUCKET as string,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}
