import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { descendants, stopTree, track } from '../src/bench/children';
import { makeRunEnvironment, startCommand } from '../src/bench/embedded';
import type { LoadResult } from '../src/bench/processes';
import { pacedSeconds, ratioOf, repeated, row, summaryTable } from '../src/bench/summary';

const run = (p99: number, requestsPerSecond = 100): LoadResult => ({
  requests: 3_000,
  requestsPerSecond,
  latencyP50: p99 / 2,
  latencyP99: p99,
  non2xx: 0,
});

const runsOf = async (p99s: number[]) => {
  const queue = [...p99s];
  return repeated(async () => run(queue.shift()!), p99s.length);
};

describe('bench summary', () => {
  it('when three runs are taken, then the median run by p99 is reported with their spread as noise', async () => {
    const r = await runsOf([12, 10, 30]);
    expect(r.median.latencyP99).toBe(12);
    expect(r.noise).toBeCloseTo((30 - 10) / 12);
  });

  it('when the baseline spreads more than the system measured, then no ratio is given', async () => {
    const system = await runsOf([20, 21, 22]);
    const noisyBaseline = await runsOf([2, 10, 5]);
    const steadyBaseline = await runsOf([10, 10, 10]);
    // Less noisy than the system, yet its runs differ by more than half their median.
    expect(ratioOf(await runsOf([10, 30, 90]), await runsOf([4, 10, 12]), (r) => r.latencyP99)).toBe(
      '—, baseline noisy',
    );
    expect(ratioOf(system, noisyBaseline, (r) => r.latencyP99)).toBe('—, baseline noisy');
    expect(ratioOf(system, steadyBaseline, (r) => r.latencyP99)).toBeCloseTo(2.1);
  });

  it('when a paced rate is low, then the run lasts long enough for 3,000 samples', () => {
    expect(pacedSeconds(50)).toBe(60);
    expect(pacedSeconds(500, 10)).toBe(10);
  });

  it('when rows are given, then one table shows figure, value, ceiling, ratio, target, result and load', () => {
    const table = summaryTable([
      row({
        figure: 'p99',
        value: 12.5,
        unit: 'ms',
        ceiling: 10,
        ratio: 1.25,
        target: '≤ 20 ms',
        meets: (v) => v <= 20,
      }),
      row({
        figure: 'ratio',
        value: 50,
        unit: 'req/s',
        ratio: '—, baseline noisy',
        target: '≥ 0.6',
        meets: () => false,
      }),
    ]);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/load average now/);
    expect(lines[1]).toMatch(/figure +value +ceiling +ratio +target +result +load/);
    expect(lines[3]).toMatch(/^p99 +12\.5 ms +10 ms +1\.25 +≤ 20 ms +pass +\d+\.\d$/);
    expect(lines[4]).toMatch(/—, baseline noisy .* FAIL/);
  });
});

describe('bench embedded run', () => {
  it("when the bench starts the embedded run, then it takes npm start's node flags and make run's environment from the tree", () => {
    const start: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
      .scripts.start;
    const command = startCommand();
    expect(command.before).toEqual([
      'node tools/build/embedded.mjs --if-stale',
      'node .build/embedded/prepare.js',
    ]);
    expect(command.nodeOptions).toContain('--max-semi-space-size=4');
    expect(command.script).toBe(fileURLToPath(new URL('../../.build/embedded/main.js', import.meta.url)));
    expect(start).toBe(
      `${command.before.join(' && ')} && ${['node', ...command.nodeOptions, '.build/embedded/main.js'].join(' ')}`,
    );
    const makefile = readFileSync(new URL('../../Makefile', import.meta.url), 'utf8');
    const environment = makeRunEnvironment();
    for (const [name, value] of Object.entries(environment)) expect(makefile).toContain(`${name}=${value}`);
    expect(makefile).toMatch(
      new RegExp(
        `^\\t${Object.entries(environment)
          .map(([n, v]) => `${n}=${v} `)
          .join('')}npm start$`,
        'm',
      ),
    );
  });
});

describe('bench processes', () => {
  it('when a bench stops a child, then its group and a process that left the group are gone too', async () => {
    // A shell (its group's leader) with a sleep in its group and another in a session of its own,
    // as the embedded run keeps its PostgreSQL.
    const child = track(
      spawn('/bin/sh', ['-c', 'setsid sleep 300 & sleep 300 & wait'], { detached: true, stdio: 'ignore' }),
    );
    let below: number[] = [];
    for (let i = 0; i < 100 && below.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      below = descendants(child.pid!);
    }
    expect(below.length).toBeGreaterThanOrEqual(2);
    await stopTree(child, { graceMs: 2_000 });
    // Gone, or a zombie its parent (gone too) has left for init to collect.
    for (const pid of below) expect(stateOf(pid)).toMatch(/^(gone|Z)$/);
  });
});

function stateOf(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]!;
  } catch {
    return 'gone';
  }
}
