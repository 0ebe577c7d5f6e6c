import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseForm } from './form';
import type { ApiKey } from './routes';
import { ApiFailure, asString, type Json, newId, SIMULATOR_NOTICE } from './values';

export const DEFAULT_SECRET_KEY = 'sk_test_simulator';

export interface ApiServerOptions {
  publishableKey: string;
  /** The only secret key accepted. */
  secretKey: string;
  /** Who may use `/_sim/…` (see StripeSimulatorOptions.controls). */
  controls: 'off' | 'direct' | 'relayed';
  /** Answers an API call (`/v1/…`), or throws an ApiFailure. */
  api(method: string, path: string, params: Json, key: ApiKey): Json;
  /** Answers a development control (`/_sim/…`). */
  control(method: string, path: string, params: Json): Json | Promise<Json>;
  log?: (line: string) => void;
}

/**
 * The simulator's HTTP side, as Stripe's: form or JSON bodies, API keys, CORS for the browser,
 * Idempotency-Key replays, and JSON answers with a request id.
 */
export class ApiServer {
  private server?: Server;
  private readonly idempotent = new Map<string, { request: string; status: number; body: Json }>();
  /** Test hook: delay the next N server answers (the work is still done), as a slow network would. */
  private slowAnswers: { count: number; delayMs: number } = { count: 0, delayMs: 0 };
  /** Test hook: the next N API calls fail with a 500, their work not done. */
  private failingCalls = 0;

  constructor(private readonly options: ApiServerOptions) {}

  async start(port: number, host: string): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, host, resolve));
    return `http://${host}:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  failNextCalls(count: number): void {
    this.failingCalls = count;
  }

  slowDownNextAnswers(count: number, delayMs: number): void {
    this.slowAnswers = { count, delayMs };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://simulator');
    const type = String(req.headers['content-type'] ?? '');
    let params: Json = {};
    try {
      params = type.includes('application/json') && raw ? (JSON.parse(raw) as Json) : parseForm(raw);
      for (const [key, value] of Object.entries(parseForm(url.search.slice(1)))) params[key] ??= value;
    } catch {
      return this.send(res, 400, {
        error: { type: 'invalid_request_error', message: 'Malformed request body' },
      });
    }
    const method = req.method ?? 'GET';
    res.setHeader('stripe-simulator', SIMULATOR_NOTICE);
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, content-type, idempotency-key');
    if (method === 'OPTIONS') return this.send(res, 204, null);

    // A path that climbs (`..`, spelled out or percent-encoded) is refused, never resolved: it is
    // how a relay limited to /v1/* would otherwise be walked out of.
    const rawPath = (req.url ?? '/').split('?')[0]!;
    if (/(^|\/)(\.|%2e){2}(\/|$)/i.test(rawPath) || /%2f|%5c/i.test(rawPath)) {
      return this.send(res, 400, {
        error: { type: 'invalid_request_error', message: 'Malformed request path' },
      });
    }
    try {
      if (url.pathname.startsWith('/_sim/')) {
        if (!this.controlsAllowed(req)) {
          return this.send(res, 404, {
            error: {
              type: 'invalid_request_error',
              message: `Unrecognized request URL (${method}: ${url.pathname}).`,
            },
          });
        }
        return this.send(res, 200, await this.options.control(method, url.pathname, params));
      }
      const key = this.apiKey(req, params);
      if (this.failingCalls > 0 && !key.publishable) {
        this.failingCalls--;
        return this.send(res, 500, {
          error: { type: 'api_error', message: 'The simulated provider is unavailable (test hook).' },
        });
      }
      const idempotencyKey = asString(req.headers['idempotency-key']);
      const cacheKey = idempotencyKey && method === 'POST' ? `${key.value}:${idempotencyKey}` : undefined;
      const cached = cacheKey ? this.idempotent.get(cacheKey) : undefined;
      // As Stripe: a key answers again only the very request it was first used with.
      const request = `${url.pathname} ${JSON.stringify(params)}`;
      if (cached && cached.request !== request) {
        return this.send(res, 400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      if (cached) {
        res.setHeader('idempotent-replayed', 'true');
        return this.send(res, cached.status, cached.body);
      }
      let status = 200;
      let body: Json;
      try {
        body = this.options.api(method, url.pathname, params, key);
      } catch (err) {
        if (!(err instanceof ApiFailure)) throw err;
        status = err.status;
        body = err.body;
      }
      if (cacheKey && status !== 401) this.idempotent.set(cacheKey, { request, status, body });
      if (this.slowAnswers.count > 0) {
        this.slowAnswers.count--;
        await new Promise((r) => setTimeout(r, this.slowAnswers.delayMs));
      }
      return this.send(res, status, body);
    } catch (err) {
      if (err instanceof ApiFailure) return this.send(res, err.status, err.body);
      this.options.log?.(`stripe simulator: ${(err as Error).stack}`);
      return this.send(res, 500, { error: { type: 'api_error', message: (err as Error).message } });
    }
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(body === null ? '' : JSON.stringify(body));
  }

  /** Server calls carry a secret key; the browser confirms with the publishable key and a client secret. */
  private apiKey(req: IncomingMessage, params: Json): ApiKey {
    const header = String(req.headers.authorization ?? '');
    const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? asString(params.key);
    if (!bearer) {
      throw new ApiFailure(401, {
        error: { type: 'invalid_request_error', message: 'You did not provide an API key.' },
      });
    }
    if (bearer === this.options.publishableKey) return { value: bearer, publishable: true };
    if (bearer !== this.options.secretKey) {
      // As Stripe: the key is named only by its first characters.
      throw new ApiFailure(401, {
        error: {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${bearer.slice(0, 8)}${'*'.repeat(Math.max(0, Math.min(bearer.length - 12, 24)))}${bearer.slice(-4)}`,
        },
      });
    }
    return { value: bearer, publishable: false };
  }

  /** The development controls: only when enabled, and with `direct` only for unrelayed requests. */
  private controlsAllowed(req: IncomingMessage): boolean {
    const { controls } = this.options;
    if (controls === 'relayed') return true;
    if (controls !== 'direct') return false;
    const relayed = ['x-forwarded-for', 'x-forwarded-host', 'forwarded', 'via'].some(
      (name) => req.headers[name] !== undefined,
    );
    return !relayed;
  }
}
