import type { FastifyInstance } from 'fastify';

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

/** Prints a configuration error as one message and exits, instead of a stack trace. */
export function exitOnStartupError(err: unknown): never {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
