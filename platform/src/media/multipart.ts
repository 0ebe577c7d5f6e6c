import type { Readable } from 'node:stream';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

/** A multipart body as the route found it: the fields sent before the file, and the file unread. */
export interface IncomingUpload {
  fields: Record<string, string>;
  /** The first file of the body; null when it has none (or the body is not multipart). */
  file: { field: string; filename: string; stream: Readable & { truncated?: boolean } } | null;
}

/**
 * The multipart parser's own limits: one file, a few short fields, and the file cut one byte past
 * the largest upload there is (the service holds each kind to its own limit as it streams in).
 */
export const multipartLimits = (largestFile: number) => ({
  fileSize: largestFile + 1,
  files: 1,
  fields: 5,
  fieldSize: 64,
  parts: 6,
  headerPairs: 50,
});

/**
 * Reads a multipart body up to its first file: the fields before it, and the file itself unread,
 * so the service can refuse a caller before a byte of it is stored.
 */
export async function incomingUpload(request: FastifyRequest, largestFile: number): Promise<IncomingUpload> {
  // No prototype: a field named like an Object method is just a field.
  const fields: Record<string, string> = Object.create(null);
  if (!request.isMultipart()) return { fields, file: null };
  try {
    // Inside: a multipart type without a boundary already fails here.
    const parts = request.parts({ limits: multipartLimits(largestFile) });
    for (;;) {
      const next = await parts.next();
      if (next.done) return { fields, file: null };
      const part = next.value;
      if (part.type === 'file')
        return { fields, file: { field: part.fieldname, filename: part.filename, stream: part.file } };
      if (typeof part.value === 'string' && !part.valueTruncated) fields[part.fieldname] ??= part.value;
    }
  } catch {
    // Not well-formed multipart, or past a limit before any file: the fields so far, and no file.
    return { fields, file: null };
  }
}

/** Whatever is left of a file nobody read is read and thrown away, so the request ends cleanly. */
export async function handledUpload<T>(
  upload: IncomingUpload,
  work: (upload: IncomingUpload) => Promise<T>,
): Promise<T> {
  try {
    return await work(upload);
  } finally {
    const stream = upload.file?.stream;
    if (stream && !stream.readableEnded && !stream.destroyed) stream.resume();
  }
}
