import { PUBLIC_API_PREFIX } from '@linksmate/proto/http';
import { CLAIMS_STALE, MEMBERSHIP_REQUIRED } from '@linksmate/proto/rules/membership';
import { ensureFreshToken, refreshAccessToken } from './refresh-session';
import { getStoredToken } from './session';

/** The 401s that say the access token itself no longer counts (gateway and services). */
const STALE_TOKEN_CODES = new Set(['token_expired', 'token_revoked', 'invalid_token']);

async function tokenRefused(response: Response): Promise<boolean> {
  if (response.status !== 401) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return typeof body?.code === 'string' && STALE_TOKEN_CODES.has(body.code);
}

/** An API failure with the message the spec says to show. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly fieldErrors?: Record<string, string>,
    readonly redirectUrl?: string,
    /** With a 429 that ends after a wait: the whole seconds until asking again can succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get membershipRequired(): boolean {
    return this.code === MEMBERSHIP_REQUIRED.code;
  }
}

type Listener = (error: ApiError) => void;
const membershipListeners = new Set<Listener>();

/** The app subscribes once to send the user to the membership page on any 402. */
export function onMembershipRequired(listener: Listener): () => void {
  membershipListeners.add(listener);
  return () => membershipListeners.delete(listener);
}

/** Tells the app's listeners the membership gate is shut: from a 402, or before asking at all. */
export function membershipRequired(redirectUrl: string = MEMBERSHIP_REQUIRED.redirectUrl): ApiError {
  const error = new ApiError(
    MEMBERSHIP_REQUIRED.error,
    MEMBERSHIP_REQUIRED.status,
    MEMBERSHIP_REQUIRED.code,
    undefined,
    redirectUrl,
  );
  for (const listener of membershipListeners) listener(error);
  return error;
}

/**
 * Renews the stored token (its claims then carry the membership as it is now), saying whether it
 * did. The app registers it once; without one, a `claims_stale` refusal is passed on as it is.
 */
type ClaimsRefresher = (refused: string) => Promise<boolean>;
let claimsRefresher: ClaimsRefresher | null = null;
let renewing: Promise<boolean> | null = null;

export function setClaimsRefresher(refresher: ClaimsRefresher): () => void {
  claimsRefresher = refresher;
  return () => {
    if (claimsRefresher === refresher) claimsRefresher = null;
  };
}

/** One renewal at a time: calls refused together share it. */
function renewClaims(refused: string): Promise<boolean> {
  if (!claimsRefresher) return Promise.resolve(false);
  renewing ??= claimsRefresher(refused)
    .catch(() => false)
    .finally(() => {
      renewing = null;
    });
  return renewing;
}

/** The gateway's 401 for a token whose membership changed since it was issued. */
async function isClaimsStale(response: Response): Promise<boolean> {
  if (response.status !== CLAIMS_STALE.status) return false;
  try {
    return ((await response.clone().json()) as { code?: unknown }).code === CLAIMS_STALE.code;
  } catch {
    return false;
  }
}

export interface RequestOptions {
  /** Extra headers, e.g. Idempotency-Key. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the stored token (default true). */
  auth?: boolean;
}

async function failure(response: Response): Promise<ApiError> {
  let body: {
    error?: unknown;
    message?: unknown;
    code?: unknown;
    errors?: unknown;
    membership_required?: unknown;
    redirect_url?: unknown;
    retry_after?: unknown;
  };
  try {
    body = await response.json();
  } catch {
    // docs/product.md#account-errors: a non-JSON failure gives 'API error: {status} {statusText}'.
    return new ApiError(`API error: ${response.status} ${response.statusText}`.trim(), response.status);
  }
  if (response.status === 402 && body.membership_required)
    return membershipRequired(
      typeof body.redirect_url === 'string' ? body.redirect_url : MEMBERSHIP_REQUIRED.redirectUrl,
    );
  const message =
    (typeof body.message === 'string' && body.message) ||
    (typeof body.error === 'string' && body.error) ||
    `API error: ${response.status}`;
  return new ApiError(
    message,
    response.status,
    typeof body.code === 'string' ? body.code : undefined,
    body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string>) : undefined,
    undefined,
    response.status === 429 ? retryAfterSeconds(body.retry_after, response.headers) : undefined,
  );
}

/** The wait a 429 names: the body's `retry_after`, else the standard header (the gateway's limiter). */
function retryAfterSeconds(fromBody: unknown, headers: Headers): number | undefined {
  const seconds = typeof fromBody === 'number' ? fromBody : Number(headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/**
 * JSON over HTTP to `/api/v1` with the stored bearer token (docs/product.md#account-calls "Generic helper"). A token
 * about to expire is refreshed first, and a request refused with 401 is sent once more with a
 * refreshed token (refresh-session.ts); when the session has ended, the 401 stands.
 */
export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const send = (token: string | null) => {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    return fetch(`${PUBLIC_API_PREFIX}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal: options.signal,
    });
  };
  const token = options.auth === false ? null : await ensureFreshToken().catch(() => getStoredToken());
  let response = await send(token);
  if (token && (await tokenRefused(response))) {
    // Revoked elsewhere (another session signed out, the password changed) or just expired.
    const fresh = await refreshAccessToken(token).catch(() => null);
    if (fresh && fresh !== token) response = await send(fresh);
  } else if (
    token &&
    !path.startsWith('/auth/') &&
    (await isClaimsStale(response)) &&
    (await renewClaims(token))
  ) {
    // The membership changed since the token was issued (a grant, a purchase, a lapse): the gateway
    // refused it before anything was done, so the call is asked again, once, with a renewed token.
    response = await send(getStoredToken());
  }
  if (!response.ok) throw await failure(response);
  const text = await response.text();
  // An empty success body becomes an empty object.
  return (text ? JSON.parse(text) : {}) as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, body ?? {}, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, body ?? {}, options),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, undefined, options),
};

/** Query-string from defined values only. */
export function queryString(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
