import type { ServerToClientEvents, SocketPayload } from '@linksmate/proto';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import { sharedQueryRoots } from './query-keys';
import { refreshAccessToken, refreshToken, storedTokenCarries } from './refresh-session';
import { useSession } from './session-context';
import { announceSocketPush, socketStateChanged } from './socket-pushes';

/** Handshakes refused in a row (across tokens): each waits longer before a fresh token is asked for. */
let refusedInARow = 0;
const REFUSED_RETRY_MAX_MS = 30_000;

/**
 * The signed-in person's socket, typed by proto's socket table. When identity says the person's
 * claims changed (a membership bought, cancelled or ended), a fresh token is asked for once, and
 * the profile and payments are read again; when the session is revoked (ban, role change), it ends
 * here too.
 */
export function RealtimeConnection() {
  const session = useSession();
  const queryClient = useQueryClient();
  const { token, refresh, signOut } = session;

  useEffect(() => {
    if (!token) return;
    const socket: Socket<ServerToClientEvents> = io({
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnectionDelayMax: 10_000,
    });
    const catchUp = async (pushed?: SocketPayload<'claims:changed'>) => {
      if (!pushed || !storedTokenCarries(pushed)) await refreshToken().catch(() => null);
      refresh();
      await queryClient.invalidateQueries({ queryKey: sharedQueryRoots.profile });
      await queryClient.invalidateQueries({ queryKey: sharedQueryRoots.payments });
    };
    socket.on('claims:changed', (pushed) => void catchUp(pushed));
    // Pushes sent while the socket was away are gone: take the state as it is now.
    socket.io.on('reconnect', () => void catchUp());
    socket.on('session:revoked', () => signOut());
    // Every push also reaches the screens subscribed to it (lib/socket-pushes.ts).
    socket.onAny((name, payload) => announceSocketPush(name, payload));
    const emitter = (name: string, ...args: unknown[]) =>
      (socket.emit as (n: string, ...a: unknown[]) => void)(name, ...args);
    socket.on('connect', () => {
      refusedInARow = 0;
      socketStateChanged(true, emitter);
    });
    socket.on('disconnect', () => socketStateChanged(false, null));
    // socket.io retries a lost connection by itself, but not a handshake the gateway refused (a token
    // that expired or went stale on the way): without this the tab would stay deaf to pushes. A fresh
    // token makes a new socket (this effect runs again for it); none means the session has ended.
    let retry: ReturnType<typeof setTimeout> | undefined;
    socket.on('connect_error', () => {
      if (socket.active) return;
      const wait = refusedInARow === 0 ? 0 : Math.min(REFUSED_RETRY_MAX_MS, 1000 * 2 ** (refusedInARow - 1));
      refusedInARow += 1;
      retry = setTimeout(() => {
        refreshAccessToken(token, { force: true }).catch(() => socket.connect());
      }, wait);
    });
    return () => {
      clearTimeout(retry);
      socketStateChanged(false, null);
      socket.close();
    };
  }, [token, refresh, signOut, queryClient]);

  return null;
}
