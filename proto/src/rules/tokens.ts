import type { Role } from './roles';

/**
 * The access token and where the web keeps it (docs/architecture.md#auth; docs/product.md#account-entities "Token claims read
 * on the client").
 */

export const TOKEN_STORAGE_KEY = 'token';

/** An access token lives 15 minutes; the web refreshes it silently with the session's refresh token. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A session ends when its refresh token goes unused this long (each refresh starts the wait again). */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
/**
 * A refresh token exchanged this recently may be shown once more, while its successor is still
 * unused: two tabs refreshing at the same moment, or an answer lost on its way back, do not end the
 * session. Later, or a second time, it counts as stolen and the session ends.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;
/**
 * The cookie holding the refresh token: HttpOnly, Secure, SameSite=Strict, its Path the auth routes
 * under the prefix the request came through (`/api/v1/auth`, or `/v1/auth` for the alias).
 */
export const REFRESH_COOKIE_NAME = 'linksmate_refresh';

export const TOKEN_ISSUER = 'linksmate-identity';
export const TOKEN_AUDIENCE = 'linksmate';
export interface AccessTokenClaims {
  sub: string;
  user_id: number;
  role: Role;
  /** Seconds since the epoch. */
  exp: number;
  iat: number;
  jti: string;
  /** Token version: tokens older than the user's current version no longer count. */
  ver: number;
  membership_status: string | null;
  /** ISO date-time, or null when the membership has no end (lifetime) or none exists. */
  membership_ends_at: string | null;
}

/** The random id a browser keeps for itself and sends with logins (`X-Device-Id`, see the README's login limits). */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;
