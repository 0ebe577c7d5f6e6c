import { useEffect, useReducer } from 'react';

/** Whole seconds from now until `until` (epoch ms); 0 once it has passed or when there is none. */
export function secondsUntil(until: number | null): number {
  return until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/**
 * `secondsUntil`, kept current while it counts down. Worked out on every render, so the render that
 * sets a new `until` already sees its seconds.
 */
export function useSecondsUntil(until: number | null): number {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      tick();
      if (secondsUntil(until) === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  return secondsUntil(until);
}

/** '1 second', '42 seconds'. */
export const secondsText = (seconds: number) => `${seconds} second${seconds === 1 ? '' : 's'}`;
