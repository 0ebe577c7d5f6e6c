import { pipeline, type Readable } from 'node:stream';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';

/** An API answer smaller than this goes out as it is: compressing it would save next to nothing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export type ContentCoding = 'br' | 'gzip';

/**
 * Dynamic answers are compressed as they pass, so at brotli's low quality 4 and gzip level 5: most
 * of the saving for a small part of the CPU of the highest levels (the web build uses those).
 */
const BROTLI_QUALITY = 4;
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

/** `body` compressed with `coding`, off the event loop (zlib's thread pool). */
export function compressBuffer(body: Buffer, coding: ContentCoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, result: Buffer) => (err ? reject(err) : resolve(result));
    if (coding === 'br') {
      brotliCompress(
        body,
        {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        },
        done,
      );
    } else gzip(body, { level: GZIP_LEVEL }, done);
  });
}

/** `source` compressed as it streams, with backpressure; destroying either end destroys the other. */
export function compressStream(source: Readable, coding: ContentCoding, sizeHint?: number): Readable {
  const compressor =
    coding === 'br'
      ? createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            ...(sizeHint ? { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
          },
        })
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
