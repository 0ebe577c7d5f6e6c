import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { backoffMs, OutageLog } from '../src/outage-log';

function recordingLogger() {
  const lines: Array<{ level: number; msg: string; attemptsSinceLastLine?: number; downForMs?: number }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('OutageLog', () => {
  it('when a failure repeats every 100 ms for 10 s, then it is logged at growing intervals, not 100 times', () => {
    const { logger, lines } = recordingLogger();
    let now = 0;
    const log = new OutageLog(logger, 'outbox relay: drain', { now: () => now });
    for (; now < 10_000; now += 100) log.failed(new Error('connect ECONNREFUSED'));
    // At 0, then 1 s, 3 s, 7 s later (1, 2, 4 s apart): four lines for a hundred failures.
    expect(lines.map((l) => l.msg)).toEqual([
      'outbox relay: drain failed',
      'outbox relay: drain still failing',
      'outbox relay: drain still failing',
      'outbox relay: drain still failing',
    ]);
    expect(lines.slice(1).map((l) => l.attemptsSinceLastLine)).toEqual([10, 20, 40]);
    log.succeeded();
    expect(lines.at(-1)).toMatchObject({ msg: 'outbox relay: drain works again', downForMs: 10_000 });
    log.succeeded();
    expect(lines).toHaveLength(5);
  });

  it('when it fails again after recovering, then the first failure is logged at once', () => {
    const { logger, lines } = recordingLogger();
    let now = 0;
    const log = new OutageLog(logger, 'listen', { now: () => now });
    log.failed('down');
    log.succeeded();
    now = 50;
    log.failed('down again');
    expect(lines.map((l) => l.msg)).toEqual(['listen failed', 'listen works again', 'listen failed']);
  });

  it('when attempts back off, then they wait 1 s, 2 s, 4 s … and no more than the maximum', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => backoffMs(attempt))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });
});
