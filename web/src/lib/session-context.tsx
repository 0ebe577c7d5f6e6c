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
import { clearToken, readSession, type Session, storeToken } from './session';

interface SessionContextValue extends Session {
  signIn(token: string): void;
  /** Removes the token and the derived logged-in and admin state. */
  signOut(): void;
  refresh(): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Login state from the stored token, re-checked on every route change (spec 1 §4). */
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
    return () => window.removeEventListener('storage', onStorage);
  }, [refresh]);

  const signIn = useCallback(
    (token: string) => {
      storeToken(token);
      refresh();
    },
    [refresh],
  );
  const signOut = useCallback(() => {
    clearToken();
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

/** Spec 1 §4: logout removes the token, clears the logged-in and admin state and goes to /login. */
export function useLogout(): () => void {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(() => {
    signOut();
    navigate(paths.login.href());
  }, [signOut, navigate]);
}
