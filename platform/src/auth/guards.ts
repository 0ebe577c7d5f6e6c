import { timingSafeEqual } from 'node:crypto';
import { type AccessTokenClaims, passesMembershipCheck, type Role } from '@linksmate/proto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, HttpError, membershipRequired, unauthorized } from '../http/errors';
import { InvalidTokenError, type TokenVerifier } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified token's claims, or null when no token was sent. */
    user: AccessTokenClaims | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Verifies a bearer token when one is sent. A bad or expired token is refused with 401 even on
 * public routes: the client must drop it rather than act on stale claims.
 */
export function registerAuthentication(app: FastifyInstance, verifier: TokenVerifier): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) return;
    try {
      request.user = await verifier.verify(token);
    } catch (err) {
      if (err instanceof InvalidTokenError) {
        throw unauthorized(
          err.reason === 'expired' ? 'Token has expired' : 'Invalid authentication token',
          err.reason === 'expired' ? 'token_expired' : 'invalid_token',
        );
      }
      throw err;
    }
  });
}

export function currentUser(request: FastifyRequest): AccessTokenClaims {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const requireAuth = async (request: FastifyRequest, _reply: FastifyReply) => {
  currentUser(request);
};

export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = currentUser(request);
    if (!roles.includes(user.role)) throw forbidden();
  };
}

/** Spec 1 §6: coaches and admin-like roles pass; members need an active or trial membership. */
export const requireMembership = async (request: FastifyRequest, _reply: FastifyReply) => {
  const user = currentUser(request);
  if (!passesMembershipCheck(user)) throw membershipRequired();
};

export const SERVICE_TOKEN_HEADER = 'x-service-token';

/** Guards `/internal/*`: only callers holding the shared service token get through. */
export function requireServiceToken(expected: string) {
  const expectedBuffer = Buffer.from(expected);
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const given = request.headers[SERVICE_TOKEN_HEADER];
    const buffer = Buffer.from(typeof given === 'string' ? given : '');
    if (buffer.length !== expectedBuffer.length || !timingSafeEqual(buffer, expectedBuffer)) {
      throw new HttpError(401, 'Service token required', 'service_token_required');
    }
  };
}
