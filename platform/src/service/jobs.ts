import type { Logger } from 'pino';
import { jobRuns } from '../metrics';
import { type ClusterLock, processLock } from './cluster-lock';

export interface JobSpec {
  /** Shown in logs: what the job does, e.g. `grant-expiry`. */
  name: string;
  /** Pause between the end of one run and the start of the next. */
  everyMs: number;
  /**
   * One run. Returning `'done'` ends the job (work that only has to succeed once); a throw is
   * logged and the job runs again after `retryMs` (default `everyMs`).
   */
  run(signal: AbortSignal): Promise<undefined | 'done'>;
  retryMs?: number;
}

interface Scheduled {
  spec: JobSpec;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  firstRun: Promise<void>;
  settleFirstRun: () => void;
}

/**
 * A service's background work as named jobs: the first run starts with the service, the next one a
 * pause after the previous ended (runs never overlap), and stopping waits for a run in progress.
 * Each run takes the cluster lock of its name: with several replicas on one database, a replica
 * that finds another one running the job skips its turn, so each run's work is done once.
 */
export class Jobs {
  private readonly jobs = new Map<string, Scheduled>();
  private readonly abort = new AbortController();
  private started = false;

  constructor(
    private readonly logger: Logger,
    private readonly lock: ClusterLock = processLock,
    /** The `service` label of its runs' figures (jobs_runs_total). */
    private readonly service = 'unnamed',
  ) {}

  add(spec: JobSpec): void {
    if (this.jobs.has(spec.name)) throw new Error(`job ${spec.name} is registered twice`);
    let settleFirstRun = () => {};
    const firstRun = new Promise<void>((resolve) => (settleFirstRun = resolve));
    const job: Scheduled = { spec, firstRun, settleFirstRun };
    this.jobs.set(spec.name, job);
    if (this.started) this.runNow(job);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs.values()) this.runNow(job);
  }

  /** Resolves once the job's first run has ended (whatever its outcome), or after `timeoutMs`. */
  firstRun(name: string, timeoutMs: number): Promise<void> {
    const job = this.jobs.get(name);
    if (!job) return Promise.reject(new Error(`no job ${name}`));
    return Promise.race([job.firstRun, new Promise<void>((r) => setTimeout(r, timeoutMs).unref())]);
  }

  private runNow(job: Scheduled): void {
    if (this.abort.signal.aborted) return;
    job.timer = undefined;
    job.running = (async () => {
      let next: number | undefined = job.spec.everyMs;
      try {
        const outcome = await this.lock.whileHolding(job.spec.name, () => job.spec.run(this.abort.signal));
        jobRuns.inc({ service: this.service, job: job.spec.name, outcome: outcome.ran ? 'ran' : 'skipped' });
        if (!outcome.ran) {
          this.logger.debug({ job: job.spec.name }, 'job: another replica is running it; skipped');
          next = job.spec.retryMs ?? job.spec.everyMs;
        } else if (outcome.value === 'done') next = undefined;
      } catch (err) {
        jobRuns.inc({ service: this.service, job: job.spec.name, outcome: 'failed' });
        if (!this.abort.signal.aborted)
          this.logger.warn({ job: job.spec.name, err: (err as Error).message }, 'job: run failed');
        next = job.spec.retryMs ?? job.spec.everyMs;
      } finally {
        job.running = undefined;
        job.settleFirstRun();
      }
      if (next !== undefined && !this.abort.signal.aborted) {
        job.timer = setTimeout(() => this.runNow(job), next);
        job.timer.unref();
      }
    })();
  }

  /** Stops scheduling, tells running jobs to stop, and waits for them. */
  async stop(): Promise<void> {
    this.abort.abort();
    for (const job of this.jobs.values()) clearTimeout(job.timer);
    await Promise.all([...this.jobs.values()].map((job) => job.running));
    await this.lock.close();
  }
}
