import { api } from './api-client';
import { decodeClaims, getStoredToken, storeToken, type TokenClaims } from './session';

/**
 * Fetches a fresh token, whose claims carry the current role and membership (after a purchase, say).
 * Tries again while the membership has not reached identity yet, up to the given time. If the
 * person signed out or in as someone else meanwhile, the new token is dropped.
 */
export async function refreshToken(
  until?: (claims: TokenClaims) => boolean,
  timeoutMs = 8_000,
): Promise<TokenClaims | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const before = getStoredToken();
    if (!before) return null;
    const { token } = await api.post<{ token: string }>('/auth/refresh');
    if (getStoredToken() !== before) return null;
    storeToken(token);
    const claims = decodeClaims(token);
    if (!until || (claims && until(claims)) || Date.now() > deadline) return claims;
    await new Promise((r) => setTimeout(r, 700));
  }
}
