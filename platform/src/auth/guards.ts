import type { AccessTokenClaims } from '@linksmate/proto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors';
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
