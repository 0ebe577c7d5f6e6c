import type { SocketEventName, SocketPayload } from '@linksmate/proto';
import { useEffect, useRef } from 'react';

/**
 * What the signed-in person's socket hears, passed on to the screens that care. The socket itself
 * (lib/realtime.tsx, with socket.io-client) loads only for signed-in people; a screen subscribes
 * here without pulling it in, and simply hears nothing while signed out.
 */
type Listener = (name: SocketEventName, payload: unknown) => void;
const listeners = new Set<Listener>();

/** Called by the socket for every push it receives. */
export function announceSocketPush(name: SocketEventName, payload: unknown): void {
  for (const listener of listeners) listener(name, payload);
}

/** Calls `handler` whenever one of the named pushes arrives, while the calling component is shown. */
export function useSocketPushes<N extends SocketEventName>(
  names: readonly N[],
  handler: (name: N, payload: SocketPayload<N>) => void,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  const key = names.join(' ');
  useEffect(() => {
    const wanted = new Set<string>(key.split(' '));
    const listener: Listener = (name, payload) => {
      if (wanted.has(name)) latest.current(name as N, payload as SocketPayload<N>);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [key]);
}
