import { createHash, randomBytes } from 'node:crypto';
import {
  LEGACY_API_PREFIX,
  PUBLIC_API_PREFIX,
  REFRESH_COOKIE_NAME,
  REFRESH_TOKEN_TTL_SECONDS,
} from '@linksmate/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A new refresh token: 256 random bits, URL-safe. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored: a database leak does not hand out working sessions. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The refresh token the browser sent in its cookie, if any. */
export function refreshTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at === -1 || part.slice(0, at).trim() !== REFRESH_COOKIE_NAME) continue;
    const value = part.slice(at + 1).trim();
    // Only what newRefreshToken makes; anything else is no token at all.
    return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
  }
  return undefined;
}

/**
 * The cookie is scoped to the auth routes under the prefix the request came through: the gateway
 * says which in `X-Forwarded-Prefix` (`/api/v1`, or the `/v1` alias); anything else means `/api/v1`.
 */
function cookiePath(request: FastifyRequest): string {
  const prefix = request.headers['x-forwarded-prefix'];
  return `${prefix === LEGACY_API_PREFIX ? LEGACY_API_PREFIX : PUBLIC_API_PREFIX}/auth`;
}

const attributes = (request: FastifyRequest, maxAge: number) =>
  `Path=${cookiePath(request)}; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Strict`;

export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.header(
    'set-cookie',
    `${REFRESH_COOKIE_NAME}=${token}; ${attributes(request, REFRESH_TOKEN_TTL_SECONDS)}`,
  );
  reply.header('cache-control', 'no-store');
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', `${REFRESH_COOKIE_NAME}=; ${attributes(request, 0)}`);
}
