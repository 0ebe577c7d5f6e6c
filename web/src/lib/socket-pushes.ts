import type { SocketEventName, SocketPayload } from '@linksmate/proto';
import { EVENT_CHAT_JOIN, EVENT_CHAT_LEAVE } from '@linksmate/proto/rules/messaging';
import { useEffect, useRef, useSyncExternalStore } from 'react';

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

// ── Asking the socket for something, and whether it is up ──────────────────
type Emit = (name: string, ...args: unknown[]) => void;
let emit: Emit | null = null;
let connected = false;
const connectionListeners = new Set<() => void>();
const connectedListeners = new Set<() => void>();

/** Called by the socket as it connects and disconnects. */
export function socketStateChanged(up: boolean, emitter: Emit | null): void {
  const connecting = up && !connected;
  connected = up;
  emit = up ? emitter : null;
  for (const listener of connectionListeners) listener();
  if (connecting) for (const listener of connectedListeners) listener();
}

/**
 * Calls `handler` each time the socket connects (the first time and after each reconnection) while
 * the calling component is shown: pushes sent while it was connecting or away are gone.
 */
export function useSocketConnects(handler: () => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = () => latest.current();
    connectedListeners.add(listener);
    return () => {
      connectedListeners.delete(listener);
    };
  }, []);
}

/** Whether the socket is up now: while it is down, screens fall back to polling (docs/product.md#community-limits). */
export function useSocketConnected(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      connectionListeners.add(onChange);
      return () => connectionListeners.delete(onChange);
    },
    () => connected,
    () => false,
  );
}

/**
 * While shown, follows an event chat live: asks the socket to join the chat's room (the server lets
 * it only where the chat's rules do), again after each reconnection, and leaves on the way out.
 */
export function useFollowEventChat(eventId: number | null): void {
  const up = useSocketConnected();
  useEffect(() => {
    if (eventId === null || !up || !emit) return;
    const send = emit;
    send(EVENT_CHAT_JOIN, eventId);
    return () => send(EVENT_CHAT_LEAVE, eventId);
  }, [eventId, up]);
}
