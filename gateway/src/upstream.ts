import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Dispatcher, Pool } from 'undici';

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
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te'];

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
    const headers: Record<string, string | string[] | undefined> = { ...raw.headers };
    const connection = headers.connection;
    if (typeof connection === 'string') {
      for (const name of connection.split(',')) delete headers[name.trim().toLowerCase()];
    }
    for (const name of HOP_BY_HOP) delete headers[name];
    headers.host = upstream.host;
    if (options.setHeaders) {
      for (const [name, value] of Object.entries(options.setHeaders)) {
        if (value === undefined) delete headers[name];
        else headers[name] = value;
      }
    }
    const body = request.body as Readable | undefined | null;
    const handler = new ForwardHandler(request, reply, options);
    upstream.pool.dispatch(
      { path: upstream.basePath + path, method: raw.method as 'GET', headers, body: body ?? null },
      handler,
    );
    return reply;
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
 */
class ForwardHandler implements Dispatcher.DispatchHandler {
  private statusCode = 0;
  private headers: Record<string, string | string[] | undefined> = {};
  private chunks: Buffer[] | null = null;
  private stream: Readable | null = null;

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly options: ForwardOptions,
  ) {}

  onRequestStart(): void {}

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    const raw = this.request.raw;
    if (raw.aborted) {
      // The client went away before the answer came: drop the upstream answer, send nothing.
      controller.abort(new Error('client closed the request'));
      return;
    }
    for (const name of HOP_BY_HOP) delete headers[name];
    this.statusCode = statusCode;
    this.headers = headers;
    const length = headers['content-length'];
    if (
      typeof length === 'string' &&
      headers['content-type'] !== undefined &&
      Number(length) <= BUFFERED_BODY_LIMIT
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
    this.send(stream);
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
      this.send(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
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

  private send(payload: Buffer | Readable): void {
    const reply = this.reply;
    reply.headers(this.headers);
    // An HTTP/1 connection cannot be reused until its request body has been consumed.
    if (!this.request.raw.complete) reply.header('connection', 'close');
    reply.code(this.statusCode).send(payload);
  }
}
