import type { Logger } from './logger';

/**
 * Logs a failure that repeats while something is down (the database, the broker) at growing
 * intervals — at once, then after 1 s, 2 s, 4 s … up to a minute — rather than at every attempt,
 * counting the attempts it left out, and says once when it works again. An outage then reads as a
 * few lines, not two a second.
 */
export class OutageLog {
  private failingSince?: number;
  private nextLogAt = 0;
  private intervalMs = 0;
  private leftOut = 0;

  constructor(
    private readonly logger: Logger,
    /** What fails, as the messages name it: `outbox relay: drain`. */
    private readonly what: string,
    private readonly options: { firstMs?: number; maxMs?: number; now?: () => number } = {},
  ) {}

  get failing(): boolean {
    return this.failingSince !== undefined;
  }

  failed(err: unknown): void {
    const now = this.options.now?.() ?? Date.now();
    const message = err instanceof Error ? err.message : String(err);
    if (this.failingSince === undefined) {
      this.failingSince = now;
      this.intervalMs = this.options.firstMs ?? 1_000;
      this.nextLogAt = now + this.intervalMs;
      this.leftOut = 0;
      this.logger.warn({ err: message }, `${this.what} failed`);
      return;
    }
    if (now < this.nextLogAt) {
      this.leftOut++;
      return;
    }
    this.logger.warn(
      { err: message, failingForMs: now - this.failingSince, attemptsSinceLastLine: this.leftOut + 1 },
      `${this.what} still failing`,
    );
    this.leftOut = 0;
    this.intervalMs = Math.min(this.intervalMs * 2, this.options.maxMs ?? 60_000);
    this.nextLogAt = now + this.intervalMs;
  }

  succeeded(): void {
    if (this.failingSince === undefined) return;
    const now = this.options.now?.() ?? Date.now();
    this.logger.info({ downForMs: now - this.failingSince }, `${this.what} works again`);
    this.failingSince = undefined;
  }
}

/** The delay before attempt `attempt` (0-based) of something that backs off: 1 s, 2 s, 4 s … `maxMs`. */
export function backoffMs(attempt: number, firstMs = 1_000, maxMs = 30_000): number {
  return Math.min(firstMs * 2 ** attempt, maxMs);
}
