import { describe, expect, it } from 'vitest';
import { Jobs } from '../src/service/jobs';
import { silentLogger } from '../src/testing/bus';

describe('Jobs', () => {
  it('when started, then each job runs at once and again after its pause, never overlapping', async () => {
    const jobs = new Jobs(silentLogger());
    let running = 0;
    let overlapped = false;
    const runs: number[] = [];
    jobs.add({
      name: 'tick',
      everyMs: 20,
      run: async () => {
        running++;
        if (running > 1) overlapped = true;
        runs.push(Date.now());
        await new Promise((r) => setTimeout(r, 30));
        running--;
        return undefined;
      },
    });
    jobs.start();
    await jobs.firstRun('tick', 1_000);
    expect(runs.length).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    await jobs.stop();
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(overlapped).toBe(false);
  });

  it("when a run fails, then it is tried again after retryMs; when it says 'done', then it stops", async () => {
    const jobs = new Jobs(silentLogger());
    let attempts = 0;
    jobs.add({
      name: 'sync-once',
      everyMs: 60_000,
      retryMs: 10,
      run: async () => {
        attempts++;
        if (attempts < 3) throw new Error('provider away');
        return 'done';
      },
    });
    jobs.start();
    await new Promise((r) => setTimeout(r, 150));
    expect(attempts).toBe(3);
    await new Promise((r) => setTimeout(r, 50));
    expect(attempts).toBe(3);
    await jobs.stop();
  });

  it('when stopped during a run, then stop waits for it and the run sees the abort signal', async () => {
    const jobs = new Jobs(silentLogger());
    let sawAbort = false;
    let finished = false;
    jobs.add({
      name: 'long',
      everyMs: 10,
      run: async (signal) => {
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        sawAbort = signal.aborted;
        finished = true;
        return undefined;
      },
    });
    jobs.start();
    await new Promise((r) => setTimeout(r, 20));
    await jobs.stop();
    expect(sawAbort).toBe(true);
    expect(finished).toBe(true);
  });
});
