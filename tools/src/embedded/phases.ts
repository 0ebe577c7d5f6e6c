/**
 * How long each step of a start takes. With EMBEDDED_PHASES=1 (the bench sets it) each step's
 * end is printed as `phase <name> <ms> ms`, so a slow start shows where its time went.
 */
const enabled = process.env.EMBEDDED_PHASES === '1';

/** Marks the start of a named stretch, in ms since the process started (the bench tags its memory samples with it). */
export function phaseBegins(name: string): void {
  if (enabled) console.log(`phase-begin ${name} at ${Math.round(performance.now())} ms`);
}

/** Runs `step`, and says how long it took when phases are asked for. */
export async function timed<T>(name: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await step();
  } finally {
    if (enabled) console.log(`phase ${name} ${Math.round(performance.now() - started)} ms`);
  }
}

/** Says how long the process took to get here (node's start, tsx and loading every module). */
export function phaseSinceProcessStart(name: string): void {
  if (enabled) console.log(`phase ${name} ${Math.round(performance.now())} ms`);
}
