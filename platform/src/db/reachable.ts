import type { Logger } from '../logger';
import { backoffMs } from '../outage-log';

/** Errors that say the database cannot be reached (yet), not that a statement or setting is wrong. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  // PostgreSQL starting up, shutting down or in recovery.
  '57P03',
  '57P01',
]);

export function isUnreachable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; errors?: unknown[] };
  if (e?.code && UNREACHABLE_CODES.has(e.code)) return true;
  // Several addresses tried (IPv4 and IPv6): an AggregateError of connection errors.
  if (Array.isArray(e?.errors) && e.errors.length > 0) return e.errors.every(isUnreachable);
  return /Connection terminated unexpectedly|timeout expired/i.test(e?.message ?? '');
}

/** `database name on host:port`, never the password: what a log line says it could not reach. */
export function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || '(default)';
    return `database ${database} on ${parsed.hostname || 'the local socket'}:${parsed.port || '5432'}`;
  } catch {
    return 'the database (DATABASE_URL does not parse)';
  }
}

/**
 * Runs `work` (the start's first use of the database), again with backoff (1 s, 2 s, 4 s … 30 s)
 * while the database cannot be reached, each wait logged with which database it is; gives up after
 * `waitMs` with an error naming it. Any other failure (a wrong password, a bad migration) ends at once.
 */
export async function whenDatabaseAnswers<T>(
  work: () => Promise<T>,
  options: { url: string; logger: Logger; waitMs?: number; firstMs?: number; maxMs?: number },
): Promise<T> {
  const started = Date.now();
  const waitMs = options.waitMs ?? 120_000;
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!isUnreachable(err)) throw err;
      const waited = Date.now() - started;
      const reason = (err as Error).message || (err as { code?: string }).code || String(err);
      if (waited >= waitMs)
        throw new Error(
          `${describeDatabase(options.url)} could not be reached for ${Math.round(waited / 1000)} s: ${reason}`,
        );
      const retryInMs = Math.min(backoffMs(attempt, options.firstMs, options.maxMs), waitMs - waited);
      options.logger.warn(
        { database: describeDatabase(options.url), attempt: attempt + 1, retryInMs, err: reason },
        'database unreachable at start; retrying',
      );
      await new Promise((resolve) => setTimeout(resolve, retryInMs));
    }
  }
}
