import type { SocketEventName, SocketPayload } from '@linksmate/proto';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useSocketConnects, useSocketPushes } from './socket-pushes';

/**
 * Reads the queries again from the server, never by joining a read already on its way: that read
 * may have been answered before what a push announces happened, and would put the old state back
 * for good (a query still loading its first answer otherwise shares that answer with any refetch).
 */
export async function readAfresh(queryClient: QueryClient, queryKeys: readonly QueryKey[]): Promise<void> {
  await Promise.all(queryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * While shown, keeps queries in step with the person's pushes: each named push reads afresh the
 * queries `keysFor` names, and each time the socket connects the `onConnect` ones are read afresh
 * too, since pushes sent while it was connecting or away never arrive.
 */
export function useLiveQueries<N extends SocketEventName>(
  names: readonly N[],
  keysFor: (name: N, payload: SocketPayload<N>) => readonly QueryKey[],
  onConnect: readonly QueryKey[],
): void {
  const queryClient = useQueryClient();
  useSocketPushes(names, (name, payload) => void readAfresh(queryClient, keysFor(name, payload)));
  useSocketConnects(() => void readAfresh(queryClient, onConnect));
}

/**
 * Changes a cached answer in place with what a push or a reply says, so nothing is asked of the
 * server. Answers false when the query must be read afresh instead: a read on its way may have been
 * answered before the change and would put the old state back. Nothing cached is nothing to change
 * (the screen reads it when it is shown).
 */
export function patchCached<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (data: T) => T | undefined,
): boolean {
  const state = queryClient.getQueryState<T>(queryKey);
  if (state?.fetchStatus === 'fetching') return false;
  if (state?.data === undefined) return true;
  const next = update(state.data);
  if (next === undefined) return false;
  queryClient.setQueryData<T>(queryKey, next);
  return true;
}
