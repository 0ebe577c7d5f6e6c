import { pipeline, type Readable } from 'node:stream';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';

/** An API answer smaller than this goes out as it is: compressing it would save next to nothing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * JSON to be compressed is collected up to this size and compressed in one call: one pass over a
 * window sized to the body costs far less than streaming it chunk by chunk through zlib's thread
 * pool (measured under load, an 800 kB list cost 12 ms of gateway CPU streamed; compressed whole,
 * about 2 ms, which is also the longest the event loop is held). Larger answers stream.
 */
export const COMPRESSED_BUFFER_LIMIT = 1024 * 1024;

export type ContentCoding = 'br' | 'gzip';

/**
 * Dynamic answers are compressed as they pass, so at brotli's low quality 2 and gzip level 5.
 * Measured on venue list pages (18 kB, 184 kB, 740 kB of JSON), quality 2 came out as small as 3
 * and 4 (43.4 kB against 44.8 and 45.7 for the largest) for half the CPU of 4 (1.7 ms against 3.7);
 * the web build uses the highest levels, once.
 */
const BROTLI_QUALITY = 2;
const GZIP_LEVEL = 5;

/** JSON answers (`application/json`, `application/problem+json`…); event streams, CSV and the rest pass untouched. */
export function isCompressibleType(contentType: string | string[] | undefined): boolean {
  if (typeof contentType !== 'string') return false;
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * The coding to answer in for an `Accept-Encoding` header: br, else gzip, else none (identity). A
 * coding is acceptable when named, or covered by `*`, with a q above 0 (RFC 9110 §12.5.3).
 */
export function chooseEncoding(header: string | string[] | undefined): ContentCoding | null {
  if (typeof header !== 'string' || header === '') return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') weight = Number(value);
    }
    q.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** Brotli's window for a body of `size` bytes: no larger than the body, so less memory to set up. */
const windowBits = (size: number) =>
  Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size))),
  );

const brotliParams = (size: number | undefined) => ({
  [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  ...(size
    ? { [constants.BROTLI_PARAM_SIZE_HINT]: size, [constants.BROTLI_PARAM_LGWIN]: windowBits(size) }
    : {}),
});

/**
 * `body` compressed with `coding`, in one call on the event loop. Measured, this costs a fifth to a
 * tenth of the CPU of zlib's thread pool for API-sized bodies (13 kB: 0.09 ms against 0.4–0.9 ms),
 * and holds the loop under a millisecond up to `COMPRESSED_BUFFER_LIMIT`.
 */
export function compressBuffer(body: Buffer, coding: ContentCoding): Buffer {
  return coding === 'br'
    ? brotliCompressSync(body, { params: brotliParams(body.length) })
    : gzipSync(body, { level: GZIP_LEVEL });
}

/** `source` compressed as it streams, with backpressure; destroying either end destroys the other. */
export function compressStream(source: Readable, coding: ContentCoding, sizeHint?: number): Readable {
  const compressor =
    coding === 'br'
      ? createBrotliCompress({ params: brotliParams(sizeHint) })
      : createGzip({ level: GZIP_LEVEL });
  pipeline(source, compressor, () => {});
  return compressor;
}

/** `vary` with `accept-encoding` added once. */
export function varyOnEncoding(vary: string | number | string[] | undefined): string {
  const current = (Array.isArray(vary) ? vary.join(', ') : String(vary ?? '')).trim();
  if (!current) return 'accept-encoding';
  if (current === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return current;
  return `${current}, accept-encoding`;
}
