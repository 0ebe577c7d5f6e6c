import { loadavg } from 'node:os';
import { fmt } from './infra';
import { type LoadResult, loadLine, paced } from './processes';

/**
 * One line of `make bench`'s closing table. A part returns its rows beside `report()`; main prints
 * every part's rows in one table at the end, with the machine's load when each row was taken.
 */
export interface SummaryRow {
  /** What was measured, e.g. 'gateway /health paced 400 req/s, p99'. */
  figure: string;
  value: number;
  unit: string;
  /** What the same work done directly (raw SQL, the bare proxy) gives: the machine's ceiling. */
  ceiling?: number;
  /** value ÷ ceiling, or why there is none (e.g. '—, baseline noisy'). */
  ratio?: number | string;
  /** e.g. '≤ 20 ms', '≥ 0.7'. */
  target?: string;
  /** Whether the target is met; absent when the row has no target. */
  pass?: boolean;
  /** os.loadavg()[0] when the row was taken (filled in by `row`). */
  load: number;
}

/** A row, its load stamped now and its pass worked out from `meets` when a target is given. */
export function row(
  fields: Omit<SummaryRow, 'load' | 'pass'> & { meets?: (value: number) => boolean },
): SummaryRow {
  const { meets, ...rest } = fields;
  return { ...rest, pass: meets ? meets(fields.value) : undefined, load: loadavg()[0]! };
}

/** Targets that read as they are written. */
export const atMost = (limit: number) => (value: number) => value <= limit;
export const atLeast = (limit: number) => (value: number) => value >= limit;

/** Three (or more) runs of the same paced load: the median run by p99, and how far their p99 spread. */
export interface Repeated {
  median: LoadResult;
  runs: LoadResult[];
  /** (max p99 − min p99) ÷ median p99 over the runs: how much the figure moves from run to run. */
  noise: number;
}

/** Paced runs take at least this many samples each. */
export const PACED_SAMPLES = 3_000;
export const PACED_REPEATS = 3;

/** Seconds a paced run at `rate` needs for PACED_SAMPLES samples (never less than `seconds`). */
export const pacedSeconds = (rate: number, seconds = 0) => Math.max(seconds, Math.ceil(PACED_SAMPLES / rate));

/** `run` PACED_REPEATS times; the median run by p99 and the runs' noise. */
export async function repeated(run: () => Promise<LoadResult>, times = PACED_REPEATS): Promise<Repeated> {
  const runs: LoadResult[] = [];
  for (let i = 0; i < times; i++) runs.push(await run());
  const byP99 = [...runs].sort((a, b) => a.latencyP99 - b.latencyP99);
  const median = byP99[Math.floor(byP99.length / 2)]!;
  const noise = (byP99.at(-1)!.latencyP99 - byP99[0]!.latencyP99) / Math.max(median.latencyP99, 1e-9);
  return { median, runs, noise };
}

/**
 * GET `url` paced at `rate` (see `paced`): PACED_REPEATS runs of at least PACED_SAMPLES requests
 * each (and at least `seconds`), the median run reported. Run these before any flat-out run.
 */
export function pacedRepeated(
  url: string,
  rate: number,
  headers: Record<string, string> = {},
  seconds = 0,
): Promise<Repeated> {
  return repeated(() => paced(url, rate, pacedSeconds(rate, seconds), headers));
}

/**
 * A ratio of a measured system's figure to its baseline's, or '—, baseline noisy' when the
 * baseline's runs spread more than the system's, or more than MAX_BASELINE_NOISE: then the ratio
 * would be the noise, not the system.
 */
/** A baseline whose runs' p99 spread more than half its median does not reproduce: no ceiling to divide by. */
export const MAX_BASELINE_NOISE = 0.5;

export function ratioOf(
  system: Repeated,
  baseline: Repeated,
  pick: (r: LoadResult) => number,
): number | string {
  if (baseline.noise > system.noise || baseline.noise > MAX_BASELINE_NOISE) return '—, baseline noisy';
  return pick(system.median) / pick(baseline.median);
}

export const noiseText = (r: Repeated) =>
  `p99 of the ${r.runs.length} runs ${r.runs.map((x) => x.latencyP99).join(' / ')} ms, spread ${fmt(r.noise * 100, 0)} %`;

/**
 * The report's lines for a paced comparison: the service through the gateway and the same SQL on
 * PostgreSQL, each the median of its repeated runs, their p99 ratio (or why there is none) and
 * how far each figure moved from run to run.
 */
export function pacedLines(rate: number, viaGateway: Repeated, sql: Repeated, target: string): string[] {
  const ratio = ratioOf(viaGateway, sql, (r) => r.latencyP99);
  return [
    loadLine(`via gateway, paced at ${rate} req/s`, viaGateway.median, 38),
    loadLine('same SQL on PostgreSQL, paced', sql.median, 38),
    `  ratio gateway/SQL paced: p99 ${typeof ratio === 'string' ? ratio : `${fmt(ratio, 1)}×`}   (target: ${target})`,
    `    paced: ${viaGateway.runs.length} runs of ≥ ${PACED_SAMPLES} requests each, median run shown; gateway ${noiseText(viaGateway)}; SQL ${noiseText(sql)}`,
  ];
}

const cell = (value: number | string | undefined, digits: number) =>
  value === undefined ? '' : typeof value === 'string' ? value : fmt(value, digits);

const digitsFor = (value: number) =>
  Number.isInteger(value) || Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;

/** The closing table: figure, value, ceiling, ratio, target, pass/fail, load average. */
export function summaryTable(rows: SummaryRow[]): string {
  const header = ['figure', 'value', 'ceiling', 'ratio', 'target', 'result', 'load'];
  const lines = rows.map((r) => [
    r.figure,
    `${cell(r.value, digitsFor(r.value))} ${r.unit}`,
    r.ceiling === undefined ? '' : `${cell(r.ceiling, digitsFor(r.ceiling))} ${r.unit}`,
    cell(r.ratio, 2),
    r.target ?? '',
    r.pass === undefined ? '' : r.pass ? 'pass' : 'FAIL',
    fmt(r.load, 1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const render = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const [one, five, fifteen] = loadavg();
  return [
    `Summary (machine load average now ${fmt(one!, 2)} / ${fmt(five!, 2)} / ${fmt(fifteen!, 2)} over 1 / 5 / 15 min; 'load' is the 1-min average when the row was taken):`,
    render(header),
    render(widths.map((w) => '─'.repeat(w))),
    ...(lines.length ? lines.map(render) : ['(no figures)']),
  ].join('\n');
}
