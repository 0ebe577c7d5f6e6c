import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Every process a bench starts is tracked here and stopped with everything below it — its process
 * group and any descendant that left the group (the embedded PostgreSQL runs in a group of its
 * own) — in the part's finally block, and all at once when the bench is interrupted.
 */
const live = new Set<ChildProcess>();

/** Parent of each process now running, read from /proc (Linux); empty where there is no /proc. */
function parents(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return children;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {}
  }
  return children;
}

/** Every process below the given one (the embedded PostgreSQL's server and workers included). */
export function descendants(root: number): number[] {
  const children = parents();
  const out: number[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      out.push(child);
      walk(child);
    }
  };
  walk(root);
  return out;
}

function alive(pid: number): boolean {
  try {
    // A zombie has exited; only its parent's wait is missing.
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

function leadsGroup(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === pid;
  } catch {
    return false;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {}
}

/** `done`, or 'late' after `ms`; the timer cleared either way, so it holds nothing open. */
async function within(done: Promise<void>, ms: number): Promise<'done' | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    return await Promise.race([done.then(() => 'done' as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

export function track(child: ChildProcess): ChildProcess {
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Stops a child started with `detached: true` (so it leads its own process group): `first` to the
 * group, then SIGKILL to the group and to every process that was below it once `graceMs` has
 * passed; resolves when none of them is left.
 */
export async function stopTree(
  child: ChildProcess,
  options: { first?: NodeJS.Signals; graceMs?: number } = {},
): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const below = descendants(pid);
  const group = (name: NodeJS.Signals) => signal(-pid, name);
  if (!exited(child)) {
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    group(options.first ?? 'SIGTERM');
    if ((await within(gone, options.graceMs ?? 10_000)) === 'late') group('SIGKILL');
    await within(gone, 5_000);
  }
  // What left the group (a server in a group of its own) is told too, in case the child died
  // without stopping it, and gets the grace period to go by itself.
  // Only the leader of such a group: signalling a server's workers one by one means other things.
  for (const left of below.filter((p) => alive(p) && leadsGroup(p))) signal(left, options.first ?? 'SIGTERM');
  const deadline = Date.now() + (options.graceMs ?? 10_000);
  while (below.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const left of below.filter(alive)) signal(left, 'SIGKILL');
  group('SIGKILL');
  live.delete(child);
}

const cleanups = new Set<() => Promise<void>>();

/** Also done when the bench is interrupted (a scratch database dropped); the returned function forgets it. */
export function atInterrupt(cleanup: () => Promise<void>): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Stops every child still running (an interrupted bench). */
export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((child) => stopTree(child, { graceMs: 5_000 })));
}

/** On SIGINT, SIGTERM or SIGHUP: stop every child, then exit 130. */
export function stopAllOnSignal(): void {
  let stopping = false;
  // Held for good, not once: Ctrl+C reaches the bench twice (from the terminal and relayed by tsx),
  // and a second signal left to its default would end it halfway through its cleanup.
  for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(name, () => {
      if (stopping) return;
      stopping = true;
      // What was under way fails as its processes go (connections reset): that must not end the
      // bench before its cleanup has run.
      process.on('uncaughtException', () => {});
      process.on('unhandledRejection', () => {});
      console.error(`\n${name}: stopping the bench's processes…`);
      void stopAll()
        .then(() => Promise.allSettled([...cleanups].map((cleanup) => cleanup())))
        .finally(() => process.exit(130));
    });
}
