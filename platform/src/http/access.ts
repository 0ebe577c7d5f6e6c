import { timingSafeEqual } from 'node:crypto';
import { ApiErrorSchema, passesMembershipCheck, type Role } from '@linksmate/proto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { currentUser } from '../auth/guards';
import { forbidden, HttpError, membershipRequired } from './errors';

/**
 * Who may call a route, declared on the route as `config: { access }`:
 * - `public` (the default): anyone; a token, when sent, is still verified;
 * - `user`: a signed-in person;
 * - `member`: a signed-in person with a valid membership when their role needs one (docs/product.md#roles);
 * - `{ roles }`: a signed-in person with one of the roles;
 * - `service`: another service holding the service token (`/internal/*`, never routed publicly).
 */
export type RouteAccess = 'public' | 'user' | 'member' | { roles: readonly Role[] } | 'service';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route with the access it declared: what the authorization tests walk. */
    routeAccess: RouteAccessEntry[];
  }
}

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

export const SERVICE_TOKEN_HEADER = 'x-service-token';

const requireUser: onRequestHookHandler = async (request) => {
  currentUser(request);
};

const requireMembership: onRequestHookHandler = async (request) => {
  if (!passesMembershipCheck(currentUser(request))) throw membershipRequired();
};

function requireRoles(roles: readonly Role[]): onRequestHookHandler {
  return async (request) => {
    if (!roles.includes(currentUser(request).role)) throw forbidden();
  };
}

/**
 * Only callers holding a shared service token get through: the current one, or during a rotation
 * the next one too (callers send the current), so the token changes with no refused call.
 */
export function requireServiceToken(accepted: string | readonly string[]) {
  const expected = [accepted].flat().map((token) => Buffer.from(token));
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const given = request.headers[SERVICE_TOKEN_HEADER];
    const buffer = Buffer.from(typeof given === 'string' ? given : '');
    // Each compared in constant time; the answer does not tell which one nearly matched.
    let matches = false;
    for (const token of expected)
      if (buffer.length === token.length && timingSafeEqual(buffer, token)) matches = true;
    if (!matches) throw new HttpError(401, 'Service token required', 'service_token_required');
  };
}

function checkFor(
  access: Exclude<RouteAccess, 'public'>,
  serviceTokens: readonly string[],
): onRequestHookHandler {
  if (access === 'service') return requireServiceToken(serviceTokens);
  if (access === 'user') return requireUser;
  if (access === 'member') return requireMembership;
  return requireRoles(access.roles);
}

/** The refusals an access rule can answer with, for the route's OpenAPI description. */
function refusals(access: Exclude<RouteAccess, 'public'>): number[] {
  if (access === 'service' || access === 'user') return [401];
  if (access === 'member') return [401, 402];
  return [401, 403];
}

/**
 * Enforces each route's declared access in `onRequest`, before the body is read or validated: a
 * request without the right token is refused with 401/402/403 whatever it carries. The OpenAPI
 * description follows from the same declaration (bearer security, refusal answers, internal routes
 * hidden), so what is documented is what is enforced.
 */
export function registerRouteAccess(
  app: FastifyInstance,
  options: { serviceToken: string; nextServiceToken?: string },
): void {
  const serviceTokens = [
    options.serviceToken,
    ...(options.nextServiceToken ? [options.nextServiceToken] : []),
  ];
  const table: RouteAccessEntry[] = [];
  app.decorate('routeAccess', table);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access ?? 'public';
    for (const method of [route.method].flat())
      if (method !== 'HEAD') table.push({ method, url: route.url, access });
    if (access === 'public') return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [checkFor(access, serviceTokens), ...existing];
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const response = { ...(schema.response as Record<string, unknown> | undefined) };
    for (const status of refusals(access)) response[status] ??= ApiErrorSchema;
    route.schema = {
      ...schema,
      response,
      ...(access === 'service' ? { hide: true } : { security: [{ bearerAuth: [] }] }),
    };
  });
}
