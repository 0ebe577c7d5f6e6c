/** What every verb of the operator command is made of (the registry is verbs.ts). */

/** Options a verb takes, as node:util parseArgs reads them. */
export type VerbOptions = Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;

export interface VerbInput {
  positionals: string[];
  values: Record<string, string | boolean | string[] | undefined>;
  context: OpsContext;
}

export interface VerbResult {
  /** What `--json` prints. */
  data: unknown;
  /** What a person reads. */
  text: string;
  /** 0 unless said: 1 when the verb ran but did not get what was asked (nothing matched, say). */
  exitCode?: number;
}

export interface Verb {
  /** The words that name it: ['dlq', 'list']. */
  words: string[];
  /** Its synopsis after the words, e.g. `[--queue q] [--limit n]`. */
  synopsis: string;
  /** One line for the command's usage. */
  summary: string;
  /** What it does, in full, for `--help`. */
  help: string;
  options: VerbOptions;
  run(input: VerbInput): Promise<VerbResult>;
}

export interface OpsContext {
  env: Record<string, string | undefined>;
  /** Use the databases of the embedded run (`npm start`) recorded in its DATA_DIR. */
  embedded: boolean;
  /**
   * The prefix of consumer queues: the services' own unless a test gives its own (the bus of a
   * test file names its queues apart from every other's on a shared broker).
   */
  queuePrefix: string;
}

/** The command line is wrong: said with the usage, exit code 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly verb?: Verb,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A setting is missing or bad: one message naming the variable, exit code 2. */
export class ConfigProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigProblem';
  }
}

/** A whole number option, or the default. */
export function integerOption(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} must be a whole number above 0`);
  return n;
}

/** A time option: ISO 8601, or a duration back from now (`30m`, `6h`, `2d`). */
export function sinceOption(value: unknown, now = new Date()): Date | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  const ago = /^(\d+)([mhd])$/.exec(text);
  if (ago) {
    const unitMs = { m: 60_000, h: 3_600_000, d: 86_400_000 }[ago[2] as 'm' | 'h' | 'd'];
    return new Date(now.getTime() - Number(ago[1]) * unitMs);
  }
  const at = Date.parse(text);
  if (Number.isNaN(at))
    throw new UsageError(`--since: not a time (2024-05-01T09:00:00Z) or a duration (30m, 6h, 2d): ${text}`);
  return new Date(at);
}

/** `3h 12m`, `45s`: an age as a person reads it. */
export function age(seconds: number | null): string {
  if (seconds === null) return '-';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
  return `${Math.floor(s / 86_400)}d ${Math.floor((s % 86_400) / 3600)}h`;
}

/** Rows as aligned columns under a header. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
