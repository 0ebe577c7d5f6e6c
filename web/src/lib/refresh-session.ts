import { PUBLIC_API_PREFIX } from '@linksmate/proto/http';
import {
  clearToken,
  decodeClaims,
  getStoredToken,
  isExpired,
  storeToken,
  type TokenClaims,
  tokenClearedHere,
} from './session';

/** A token this close to its exp is refreshed before it is sent. */
const EARLY_MS = 60_000;
/** The lock every tab of this browser takes to refresh: the cookie they share rotates once per use. */
const LOCK_NAME = 'linksmate:token-refresh';

let inFlight: Promise<string | null> | null = null;

const endedListeners = new Set<() => void>();

/** Called when a refresh finds the session ended (the token has then been removed). */
export function onSessionEnded(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

/** Whether a token is fresh enough to send as it is. */
export function isFresh(token: string | null, now = Date.now()): token is string {
  const claims = decodeClaims(token);
  return !!claims && !isExpired(claims, now + EARLY_MS);
}

/** Runs `task` holding the browser-wide lock, where there is one (every current browser has it). */
function exclusively<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(LOCK_NAME, task) : task();
}

/**
 * A fresh access token for the session, from `POST /auth/refresh` with the session's HttpOnly cookie,
 * which the answer replaces (each refresh token is used once; one used twice ends the session).
 *
 * `seen` is the token the caller found stale. Refreshes are single-flight: in this tab, callers
 * share one request; across tabs, a lock lets one tab at a time refresh, and a tab that waited finds
 * the token another tab stored meanwhile and uses it instead of spending the cookie again.
 *
 * Answers null when the session has ended (the token is then removed: signed out); a network failure
 * rejects and leaves everything as it was.
 */
export function refreshAccessToken(
  seen: string | null,
  options: { force?: boolean } = {},
): Promise<string | null> {
  inFlight ??= exclusively(async () => {
    const stored = getStoredToken();
    // Signed out here since the caller saw its token (onboarding signs out after a purchase while a
    // call refused with the old token, or a claims push, asks for a refresh): nothing to renew. Asking
    // anyway would bring the session back if the logout had not yet reached the server, or announce
    // it as ended, sending the person to log in before the screen that signed them out could speak.
    // Another tab ending the session is still announced, as its refusal would have been.
    if (seen !== null && stored === null) {
      if (!tokenClearedHere()) for (const listener of endedListeners) listener();
      return null;
    }
    if (stored !== seen && (options.force ? stored !== null : isFresh(stored))) return stored;
    const response = await fetch(`${PUBLIC_API_PREFIX}/auth/refresh`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
    if (response.status === 401 || response.status === 403) {
      // Signed out here meanwhile (onboarding after a purchase logs out while a claims refresh is on
      // its way): that screen decides where the person goes, so nobody is told the session ended.
      if (getStoredToken() !== stored) return null;
      clearToken();
      for (const listener of endedListeners) listener();
      return null;
    }
    if (!response.ok) throw new Error(`Token refresh failed: ${response.status}`);
    const { token } = (await response.json()) as { token: string };
    // Signed out (or in as someone else) meanwhile: the new token is not this tab's to keep.
    if (getStoredToken() !== stored) return getStoredToken();
    storeToken(token);
    return token;
  }).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** The stored token, refreshed first when it is about to expire; null when signed out. */
export async function ensureFreshToken(): Promise<string | null> {
  const token = getStoredToken();
  if (!token || isFresh(token)) return token;
  return refreshAccessToken(token);
}

/**
 * Fetches a fresh token, whose claims carry the current role and membership. Asked once, when the
 * server says the claims changed (the socket's claims:changed), so the new token has the change;
 * when another tab already fetched one since, that one is used.
 */
export async function refreshToken(seen: string | null = getStoredToken()): Promise<TokenClaims | null> {
  if (!seen) return null;
  return decodeClaims(await refreshAccessToken(seen, { force: true }));
}

/**
 * Whether the stored token already says what a claims:changed push says (a call refused as
 * `claims_stale` renewed it first), so hearing the push needs no second refresh.
 */
export function storedTokenCarries(claims: {
  role: string;
  membership_status: string | null;
  membership_ends_at: string | null;
}): boolean {
  const stored = decodeClaims(getStoredToken());
  const instant = (value: string | number | null | undefined) =>
    value === null || value === undefined
      ? null
      : new Date(typeof value === 'number' ? value * 1000 : value).getTime();
  return (
    !!stored &&
    stored.role === claims.role &&
    (stored.membership_status ?? null) === claims.membership_status &&
    instant(stored.membership_ends_at) === instant(claims.membership_ends_at)
  );
}

/** Ends this browser's session on the server (the cookie is cleared) and forgets the token. */
export async function endSession(): Promise<void> {
  clearToken();
  await fetch(`${PUBLIC_API_PREFIX}/auth/logout`, { method: 'POST', credentials: 'same-origin' }).catch(
    () => undefined,
  );
}
