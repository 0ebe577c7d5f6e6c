import { isAdminRole } from '@linksmate/proto/rules/roles';
import { type AccessTokenClaims, TOKEN_STORAGE_KEY } from '@linksmate/proto/rules/tokens';

/** Claims the client reads from the token (decoded, not verified — the server verifies; docs/product.md#account-entities). */
export type TokenClaims = Pick<
  AccessTokenClaims,
  'user_id' | 'role' | 'exp' | 'membership_status' | 'membership_ends_at'
>;

export function getStoredToken(): string | null {
  // The build paints the first screen without a browser (src/first-screens.tsx): a visitor's.
  if (typeof localStorage === 'undefined') return null;
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  // docs/product.md#account-calls: a missing, 'undefined' or 'null' token counts as none.
  return token && token !== 'undefined' && token !== 'null' ? token : null;
}

const tokenListeners = new Set<() => void>();

/** Called when this tab stores or clears the token (other tabs hear the storage event instead). */
export function onTokenChanged(listener: () => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

function tokenChanged(): void {
  for (const listener of tokenListeners) listener();
}

/**
 * The access token (15 minutes) stays in local storage as the spec says; the refresh token never
 * reaches script: it is an HttpOnly cookie only the auth routes receive.
 */
/** Whether this tab removed the stored token itself (signed out here), not another tab of the browser. */
let clearedHere = false;

export function storeToken(token: string): void {
  clearedHere = false;
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  tokenChanged();
}

export function clearToken(): void {
  if (localStorage.getItem(TOKEN_STORAGE_KEY) === null) return;
  clearedHere = true;
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  tokenChanged();
}

export const tokenClearedHere = (): boolean => clearedHere;

/** docs/product.md#account-calls: a token must have three dot-separated segments. */
export function hasTokenShape(token: string): boolean {
  return token.split('.').length === 3;
}

export function decodeClaims(token: string | null): TokenClaims | null {
  if (!token || !hasTokenShape(token)) return null;
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const json = decodeURIComponent(
      atob(payload.padEnd(payload.length + ((4 - (payload.length % 4)) % 4), '='))
        .split('')
        .map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
        .join(''),
    );
    const claims = JSON.parse(json) as TokenClaims;
    return typeof claims === 'object' && claims ? claims : null;
  } catch {
    return null;
  }
}

export function isExpired(claims: TokenClaims, now = Date.now()): boolean {
  return typeof claims.exp !== 'number' || claims.exp * 1000 <= now;
}

export interface Session {
  token: string | null;
  claims: TokenClaims | null;
  isLoggedIn: boolean;
  role: string | null;
  isAdmin: boolean;
}

/**
 * Reads the session from storage; a token that cannot be decoded has no role (docs/product.md#account-states, #roles). A token
 * past its exp is first exchanged through the session's cookie (`ensureFreshToken` in
 * refresh-session.ts); only when that fails is it removed, and then it counts as signed out.
 */
export function readSession(): Session {
  const token = getStoredToken();
  const claims = decodeClaims(token);
  const role = claims?.role ?? null;
  return { token, claims, isLoggedIn: !!token, role, isAdmin: isAdminRole(role) };
}
