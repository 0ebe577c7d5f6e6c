import { Readable } from 'node:stream';
import { injectTraceHeaders } from '@linksmate/platform/edge';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Dispatcher, Pool } from 'undici';
import {
  COMPRESS_THRESHOLD_BYTES,
  COMPRESSED_BUFFER_LIMIT,
  type ContentCoding,
  chooseEncoding,
  compressBuffer,
  compressStream,
  isCompressibleType,
  varyOnEncoding,
} from './compression';

export interface UpstreamOptions {
  connectTimeoutMs: number;
  responseTimeoutMs: number;
  /** Keep-alive connections per upstream origin. */
  connections: number;
}

export interface ForwardOptions {
  /** Headers to set (or, with undefined, drop) on the forwarded request, after the client's. */
  setHeaders?: Record<string, string | undefined>;
  onError: (reply: FastifyReply, error: unknown) => unknown;
}

/** An upstream base URL worked out once: where to connect and the path before the request's. */
interface Upstream {
  host: string;
  basePath: string;
  pool: Pool;
}

/** Hop-by-hop headers, never forwarded in either direction (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
]);

/**
 * Streams requests to upstream services over one keep-alive undici pool per origin: the request
 * body and the response body pass through as streams, nothing is retried.
 */
export class Upstreams {
  private readonly upstreams = new Map<string, Upstream>();

  constructor(private readonly options: UpstreamOptions) {}

  private upstream(baseUrl: string): Upstream {
    let upstream = this.upstreams.get(baseUrl);
    if (!upstream) {
      const url = new URL(baseUrl);
      upstream = {
        host: url.host,
        basePath: url.pathname.replace(/\/+$/, ''),
        pool: new Pool(url.origin, {
          connections: this.options.connections,
          pipelining: 1,
          connectTimeout: this.options.connectTimeoutMs,
          headersTimeout: this.options.responseTimeoutMs,
          bodyTimeout: this.options.responseTimeoutMs,
        }),
      };
      this.upstreams.set(baseUrl, upstream);
    }
    return upstream;
  }

  /** Sends `request` to `baseUrl` + `path` (with query) and answers `reply` with the upstream's answer. */
  forward(
    request: FastifyRequest,
    reply: FastifyReply,
    baseUrl: string,
    path: string,
    options: ForwardOptions,
  ): FastifyReply {
    const raw = request.raw;
    const upstream = this.upstream(baseUrl);
    // Copied without the hop-by-hop headers rather than copied whole and deleted from: a deleted
    // property turns the object into a slow dictionary, which undici then walks to write it.
    const headers: Record<string, string | string[] | undefined> = {};
    const incoming = raw.headers;
    for (const name in incoming) if (!HOP_BY_HOP.has(name)) headers[name] = incoming[name];
    const connection = incoming.connection;
    if (typeof connection === 'string') {
      for (const name of connection.split(',')) delete headers[name.trim().toLowerCase()];
    }
    headers.host = upstream.host;
    const setHeaders = options.setHeaders;
    for (const name in setHeaders) {
      const value = setHeaders[name];
      if (value === undefined) delete headers[name];
      else headers[name] = value;
    }
    // While tracing, the service's span is a child of the gateway's request span, not the caller's.
    injectTraceHeaders(headers);
    // A stream, or a small body read whole (proxy.ts).
    const body = request.body as Readable | Buffer | undefined | null;
    const handler = new ForwardHandler(request, reply, options);
    upstream.pool.dispatch(
      { path: upstream.basePath + path, method: raw.method as 'GET', headers, body: body ?? null },
      handler,
    );
    return reply;
  }

  /**
   * GET `baseUrl` + `path` on the gateway's own behalf (no client's headers: an anonymous caller), the
   * body read whole as text; rejects when the whole answer has not come within `timeoutMs`.
   */
  async get(baseUrl: string, path: string, timeoutMs: number): Promise<{ status: number; body: string }> {
    const upstream = this.upstream(baseUrl);
    const signal = AbortSignal.timeout(timeoutMs);
    const { statusCode, body } = await upstream.pool.request({
      path: upstream.basePath + path,
      method: 'GET',
      headers: { host: upstream.host, accept: 'application/json' },
      signal,
    });
    return { status: statusCode, body: await body.text() };
  }

  async close(): Promise<void> {
    await Promise.all([...this.upstreams.values()].map((upstream) => upstream.pool.destroy()));
    this.upstreams.clear();
  }
}

/** Bodies up to this size with a known length are collected and sent in one piece; others stream. */
const BUFFERED_BODY_LIMIT = 64 * 1024;

/**
 * Relays one upstream answer to `reply`. A small body of known length (most API answers) is sent as
 * one buffer, which costs Fastify much less than a stream; anything else (large, unknown length,
 * event streams) is streamed with backpressure.
 *
 * JSON of known length above `COMPRESS_THRESHOLD_BYTES` is compressed here, once for every service
 * (services never compress): brotli or gzip as the client's `Accept-Encoding` allows, a buffered
 * body in one piece, a large one as it streams. Answers of unknown length (streams a service chose
 * to send as they come), other types (CSV exports, event streams, files) and answers a service
 * already encoded pass untouched.
 */
class ForwardHandler implements Dispatcher.DispatchHandler {
  private statusCode = 0;
  private headers: Record<string, string | string[] | undefined> = {};
  private chunks: Buffer[] | null = null;
  private stream: Readable | null = null;
  /** The coding this answer goes out in, when it is compressed on its way. */
  private coding: ContentCoding | null = null;
  /** Whether the answer depends on `Accept-Encoding` (`Vary`). */
  private varies = false;

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly options: ForwardOptions,
  ) {}

  onRequestStart(): void {}

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    upstreamHeaders: Record<string, string | string[] | undefined>,
  ): void {
    const raw = this.request.raw;
    if (raw.aborted) {
      // The client went away before the answer came: drop the upstream answer, send nothing.
      controller.abort(new Error('client closed the request'));
      return;
    }
    // Copied without the hop-by-hop headers, as in `forward`.
    const headers: Record<string, string | string[] | undefined> = {};
    for (const name in upstreamHeaders) if (!HOP_BY_HOP.has(name)) headers[name] = upstreamHeaders[name];
    this.statusCode = statusCode;
    this.headers = headers;
    const length = headers['content-length'];
    this.negotiate(statusCode, headers);
    if (
      typeof length === 'string' &&
      headers['content-type'] !== undefined &&
      Number(length) <= (this.coding ? COMPRESSED_BUFFER_LIMIT : BUFFERED_BODY_LIMIT)
    ) {
      this.chunks = [];
      return;
    }
    const stream = new Readable({
      read: () => controller.resume(),
      destroy: (err, callback) => {
        if (!controller.aborted && !this.ended) controller.abort(err ?? new Error('response stream closed'));
        callback(err);
      },
    });
    this.stream = stream;
    this.send(this.coding ? compressStream(stream, this.coding, Number(length) || undefined) : stream);
  }

  /** Decides whether this answer is compressed, and in which coding, and sets its headers so. */
  private negotiate(statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    const length = Number(headers['content-length'] ?? Number.NaN);
    if (
      !(length > COMPRESS_THRESHOLD_BYTES) ||
      statusCode === 204 ||
      statusCode === 206 ||
      statusCode === 304 ||
      headers['content-encoding'] !== undefined ||
      !isCompressibleType(headers['content-type'])
    ) {
      return;
    }
    // The answer depends on the header whichever coding this client gets.
    this.varies = true;
    if (this.request.raw.method === 'HEAD') return;
    const coding = chooseEncoding(this.request.headers['accept-encoding']);
    if (!coding) return;
    this.coding = coding;
    headers['content-encoding'] = coding;
    delete headers['content-length'];
    // Other bytes than the service's: a strong validator would claim they are the same.
    const etag = headers.etag;
    if (typeof etag === 'string' && !etag.startsWith('W/')) headers.etag = `W/${etag}`;
  }

  private ended = false;

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.chunks) this.chunks.push(chunk);
    else if (this.stream && !this.stream.push(chunk)) controller.pause();
  }

  onResponseEnd(): void {
    this.ended = true;
    if (this.chunks) {
      const chunks = this.chunks;
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      if (this.coding) this.sendCompressed(body, this.coding);
      else this.send(body);
    } else this.stream?.push(null);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    if (this.stream) {
      this.stream.destroy(error);
      return;
    }
    if (this.request.raw.aborted) return;
    this.request.log.warn(error, 'response errored');
    if (!this.reply.sent) this.options.onError(this.reply, error);
  }

  private sendCompressed(body: Buffer, coding: ContentCoding): void {
    let compressed: Buffer;
    try {
      compressed = compressBuffer(body, coding);
    } catch (err) {
      this.request.log.warn({ err }, 'gateway: could not compress an answer; sent as it is');
      delete this.headers['content-encoding'];
      this.headers['content-length'] = String(body.length);
      this.send(body);
      return;
    }
    this.headers['content-length'] = String(compressed.length);
    this.send(compressed);
  }

  private send(payload: Buffer | Readable): void {
    const reply = this.reply;
    reply.headers(this.headers);
    if (this.varies) reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
    // An HTTP/1 connection cannot be reused until its request body has been consumed.
    if (!this.request.raw.complete) reply.header('connection', 'close');
    reply.code(this.statusCode).send(payload);
  }
}
