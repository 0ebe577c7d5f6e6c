import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { ConfigError } from '../config';
import { stopTracing } from '../tracing';

/**
 * Runs an app as a standalone process: listen, and on SIGTERM or SIGINT stop accepting, finish
 * in-flight requests and handlers, flush the outbox and close pools, then exit.
 */
export async function serve(
  app: Pick<FastifyInstance, 'listen' | 'close' | 'log'>,
  options: { port: number; host: string; shutdownTimeoutMs?: number },
): Promise<void> {
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, options.shutdownTimeoutMs ?? 25_000);
    timer.unref();
    try {
      await app.close();
      // The last spans leave before the process does.
      await stopTracing().catch(() => {});
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: options.port, host: options.host });
}

/**
 * Ends a start that failed with one JSON log line (pino's shape, written before the exit), naming
 * the process: for a configuration error every bad variable at once (`problems`), else the error.
 * Log collectors read it like every other line; nothing is printed as a bare stack trace.
 */
export function exitOnStartupError(err: unknown, service?: string): never {
  const logger = pino({ name: service, base: { pid: process.pid } }, pino.destination({ fd: 2, sync: true }));
  if (err instanceof ConfigError) {
    const problems = err.problems.map((problem) => {
      const at = problem.indexOf(': ');
      return at < 0 ? { problem } : { variable: problem.slice(0, at), problem: problem.slice(at + 2) };
    });
    logger.fatal(
      { problems },
      `invalid configuration: ${problems.map((p) => p.variable ?? p.problem).join(', ')}`,
    );
  } else {
    logger.fatal({ err }, `could not start: ${err instanceof Error ? err.message : String(err)}`);
  }
  process.exit(1);
}
