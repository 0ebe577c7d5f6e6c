import type { Readable } from 'node:stream';

/** A stored object opened for reading. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  contentLength?: number;
  /** A validator for conditional requests, when the store gives one. */
  etag?: string;
}

/**
 * Where uploads live: local disk in the embedded run, an S3-compatible bucket in production. Keys
 * are made by the platform (`newStorageKey`), never taken from a client; objects never change once
 * written, so a key's URL can be cached for good.
 */
export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  /** Writes the whole object; a reader sees either nothing or all of it. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Writes the whole object from a file, streamed: a video need not be held in memory. */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** Removes the object; a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Opens the object for streaming, or null when there is none. */
  open(key: string): Promise<StoredObject | null>;
  /** The object's public URL (served by the gateway under `/uploads/`). */
  urlFor(key: string): string;
  close(): Promise<void>;
}

/** The headers every stored object is served with: its key never changes meaning. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
