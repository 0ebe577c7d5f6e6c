import type { TokenReply } from '@linksmate/proto';
import { api } from './api-client';
import { decodeClaims, getStoredToken, storeToken, type TokenClaims } from './session';

/**
 * Fetches a fresh token, whose claims carry the current role and membership. Asked once, when the
 * server says the claims changed (the socket's claims:changed), so the new token has the change. If
 * the person signed out or in as someone else meanwhile, the new token is dropped.
 */
export async function refreshToken(): Promise<TokenClaims | null> {
  const before = getStoredToken();
  if (!before) return null;
  const { token } = await api.post<TokenReply>('/auth/refresh');
  if (getStoredToken() !== before) return null;
  storeToken(token);
  return decodeClaims(token);
}
