import type { Readable } from 'node:stream';

/**
 * Part of an object, as an HTTP Range asks for it (a player seeking in a video): bytes `start` to
 * `end` inclusive (to the last byte when `end` is left out), or the last `suffix` bytes.
 */
export type ByteRange = { start: number; end?: number } | { suffix: number };

/** A stored object opened for reading. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  /** The bytes in `body`: the whole object's size, or the range's. */
  contentLength?: number;
  /** A validator for conditional requests, when the store gives one. */
  etag?: string;
  /** When a range was asked for: the bytes `body` holds (inclusive) and the whole object's size. */
  range?: { start: number; end: number; size: number };
}

/** The object is there, but the range asked for lies outside it (HTTP 416). */
export class RangeNotSatisfiable extends Error {
  constructor(
    /** The object's size, when the store said. */
    readonly size?: number,
  ) {
    super('range not satisfiable');
    this.name = 'RangeNotSatisfiable';
  }
}

/** The inclusive bytes a range takes of an object of `size` bytes, or null when it takes none. */
export function resolveByteRange(range: ByteRange, size: number): { start: number; end: number } | null {
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) return null;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) return null;
  const end = Math.min(range.end ?? size - 1, size - 1);
  return end < range.start ? null : { start: range.start, end };
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
  /**
   * Opens the object for streaming, or null when there is none; with a range, only those bytes
   * (RangeNotSatisfiable when the range lies outside the object).
   */
  open(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** The object's public URL (served by the gateway under `/uploads/`). */
  urlFor(key: string): string;
  close(): Promise<void>;
}

/** The headers every stored object is served with: its key never changes meaning. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
