import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from './paths';
import { endSession, ensureFreshToken, refreshAccessToken } from './refresh-session';
import { decodeClaims, onTokenChanged, readSession, type Session, storeToken } from './session';

/** How long before its exp the token is refreshed while the app is open. */
const REFRESH_AHEAD_MS = 90_000;

interface SessionContextValue extends Session {
  signIn(token: string): void;
  /** Ends this browser's session (server and cookie too), removing the token and derived state. */
  signOut(): void;
  refresh(): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Login state from the stored token, re-checked on every route change (docs/product.md#account-states). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session>(() => readSession());
  const userId = useRef(session.claims?.user_id ?? null);
  const refresh = useCallback(() => {
    const next = readSession();
    const nextUserId = next.claims?.user_id ?? null;
    if (nextUserId !== userId.current) {
      userId.current = nextUserId;
      // Cached answers belong to the previous person (or to nobody); the next must never see them.
      queryClient.clear();
    }
    setSession(next);
  }, [queryClient]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read on every navigation
  useEffect(refresh, [location.key, refresh]);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === 'token') refresh();
    };
    window.addEventListener('storage', onStorage);
    const stopListening = onTokenChanged(refresh);
    return () => {
      window.removeEventListener('storage', onStorage);
      stopListening();
    };
  }, [refresh]);

  // The access token lives 15 minutes: it is refreshed silently a little before its exp, at once
  // when the app opens (or the tab comes back) with a stale one. If the session has ended, the token
  // is removed and the person counts as signed out (guarded screens send them to /login).
  const { token } = session;
  useEffect(() => {
    if (!token) return;
    const exp = decodeClaims(token)?.exp;
    const wait = exp ? Math.max(0, exp * 1000 - REFRESH_AHEAD_MS - Date.now()) : 0;
    const timer = setTimeout(() => void refreshAccessToken(token).catch(() => undefined), wait);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void ensureFreshToken().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [token]);

  const signIn = useCallback(
    (token: string) => {
      storeToken(token);
      refresh();
    },
    [refresh],
  );
  const signOut = useCallback(() => {
    void endSession();
    refresh();
  }, [refresh]);
  const value = useMemo<SessionContextValue>(
    () => ({ ...session, signIn, signOut, refresh }),
    [session, signIn, signOut, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}

/** docs/product.md#account-states: logout removes the token, clears the logged-in and admin state and goes to /login. */
export function useLogout(): () => void {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(() => {
    signOut();
    navigate(paths.login.href());
  }, [signOut, navigate]);
}
