import { PUBLIC_API_PREFIX } from '@linksmate/proto/http';
import { vi } from 'vitest';

/** One request the app sent, as the fake server saw it. */
export interface SeenRequest {
  method: string;
  /** Below /api/v1, without the query: '/messages/dm/2'. */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** What a route answers when not a plain 200: a status and a JSON body. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}
export const reply = (status: number, body?: unknown) => new Reply(status, body);

/**
 * The platform's 400 for a field its schema refuses (platform's validationBody): one field error in
 * the server's words, `{field} contains characters that are not allowed`, as for a NUL in the text.
 */
export const refusedText = (field: string) => {
  const message = `${field} contains characters that are not allowed`;
  return reply(400, {
    error: `Invalid body: ${message}`,
    code: 'validation_failed',
    errors: { [field]: message },
  });
};

type Handler = (request: SeenRequest) => unknown | Reply | Promise<unknown | Reply>;

/**
 * The network, and only the network: `fetch` answered by typed replies the test names per route
 * ('GET /messages/dm/:id'), each request kept for the test to inspect. A route nobody named answers
 * 404 and is listed in `unhandled`.
 */
export function fakeApi() {
  const routes: Array<{ method: string; pattern: RegExp; handler: Handler }> = [];
  const requests: SeenRequest[] = [];
  const unhandled: string[] = [];

  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://linksmate.test');
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown = init.body;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const path = url.pathname.startsWith(PUBLIC_API_PREFIX)
      ? url.pathname.slice(PUBLIC_API_PREFIX.length)
      : url.pathname;
    const request: SeenRequest = { method, path, query: url.searchParams, body };
    requests.push(request);
    const route = routes.findLast((r) => r.method === method && r.pattern.test(path));
    if (!route) {
      unhandled.push(`${method} ${path}`);
      return json(404, { error: 'Not found' });
    }
    const answer = await route.handler(request);
    return answer instanceof Reply ? json(answer.status, answer.body) : json(200, answer);
  });
  vi.stubGlobal('fetch', fetch);

  return {
    requests,
    unhandled,
    /** Answers `METHOD /path` (`:name` matches one segment); the route named last wins. */
    on(route: string, handler: Handler | unknown) {
      const [method, path] = route.split(' ') as [string, string];
      const pattern = new RegExp(`^${path.replace(/:[a-z_]+/gi, '[^/]+')}$`);
      routes.push({
        method,
        pattern,
        handler: typeof handler === 'function' ? (handler as Handler) : () => handler,
      });
      return this;
    },
    /** The requests sent to `METHOD /path` so far. */
    sent(route: string) {
      const [method, path] = route.split(' ') as [string, string];
      const pattern = new RegExp(`^${path.replace(/:[a-z_]+/gi, '[^/]+')}$`);
      return requests.filter((r) => r.method === method && pattern.test(r.path));
    },
  };
}
export type FakeApi = ReturnType<typeof fakeApi>;

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A reply the test lets go when it chooses: a request held "on its way". */
export function held<T = unknown>() {
  let release!: (answer: T | Reply) => void;
  const answer = new Promise<T | Reply>((resolve) => {
    release = resolve;
  });
  return { answer: () => answer, release };
}

/** A token of the shape the app reads (its claims decoded, never verified), valid for an hour. */
export function tokenFor(claims: { user_id: number; role?: string; membership_status?: string | null }) {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const payload = {
    sub: String(claims.user_id),
    user_id: claims.user_id,
    role: claims.role ?? 'member',
    exp: Math.floor(Date.now() / 1000) + 3600,
    iat: Math.floor(Date.now() / 1000),
    jti: `test-${claims.user_id}`,
    ver: 1,
    // Active unless the test says otherwise (null: never a member).
    membership_status: claims.membership_status === undefined ? 'active' : claims.membership_status,
    membership_ends_at: null,
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.signature`;
}
