import { useEffect, useState } from 'react';

/** Whole seconds from now until `until` (epoch ms); 0 once it has passed or when there is none. */
export function secondsUntil(until: number | null): number {
  return until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/** `secondsUntil`, kept current while it counts down. */
export function useSecondsUntil(until: number | null): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(until));
  useEffect(() => {
    setSeconds(secondsUntil(until));
    if (until === null) return;
    const timer = setInterval(() => {
      const left = secondsUntil(until);
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}

/** '1 second', '42 seconds'. */
export const secondsText = (seconds: number) => `${seconds} second${seconds === 1 ? '' : 's'}`;
