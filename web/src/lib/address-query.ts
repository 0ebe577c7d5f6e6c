import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useListParams } from './list-params';

/** The address's `name` if it is one of `values`; '' (no filter) for anything else or nothing. */
export function choiceIn<Value extends string>(
  params: URLSearchParams,
  name: string,
  values: readonly Value[],
): Value | '' {
  const value = params.get(name);
  return value !== null && (values as readonly string[]).includes(value) ? (value as Value) : '';
}

/** The address's `name` if it is a positive whole number; `fallback` for anything else or nothing. */
export function positiveIn(params: URLSearchParams, name: string, fallback: number): number {
  const value = Number(params.get(name));
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

/**
 * A screen's state kept in the address's query (filters, page), so reloading or sharing the
 * address shows the same screen. `update` sets the given values and drops the ones equal to their
 * default, so the address stays as short as the state allows; `replace` corrects the address
 * without adding a step to the history.
 */
export function useAddressQuery<State extends Record<string, string | number>>(defaults: State) {
  const [params, setParams] = useSearchParams();
  const update = (next: Partial<State>, replace = false) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const [name, value] of Object.entries(next)) {
          if (value === undefined || value === '' || value === defaults[name]) updated.delete(name);
          else updated.set(name, String(value));
        }
        return updated;
      },
      { replace },
    );
  return { params, update };
}

/**
 * An admin list's state in the address (filters, view, page): `update` sets what it is given,
 * removes what is null (back to its default) and, unless the page itself changes, starts again at
 * page 1. An empty string stays in the address: a filter deliberately left empty (e.g. no date
 * bound), unlike an absent one that takes its default.
 */
export function useListAddress() {
  const [params, update] = useListParams({ keepBlank: true });
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  return { params, update, page };
}

/**
 * A page past the end (an old link, or fewer rows since) moves to the last one, once the list's own
 * reply (not the previous page kept on screen meanwhile) says how many there are.
 */
export function useLastPageWhenPast(
  reply: { data?: unknown; isPlaceholderData: boolean },
  total: number,
  limit: number,
  page: number,
  toPage: (page: number) => void,
) {
  const totalPages = Math.ceil(total / limit);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `toPage` each render is the same move
  useEffect(() => {
    if (reply.data && !reply.isPlaceholderData && totalPages > 0 && page > totalPages) toPage(totalPages);
  }, [reply.data, reply.isPlaceholderData, totalPages, page]);
}
