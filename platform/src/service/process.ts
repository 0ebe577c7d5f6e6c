import type { FastifyInstance } from 'fastify';
import { type LoadConfigOptions, STANDALONE } from '../config';
import { serveMetrics } from '../metrics';
import { startTracing } from '../tracing';
import { runMigrateCommand } from './migrate-command';
import { exitOnStartupError, serve } from './serve';

/**
 * A service's process (`main.ts`): `migrate [--pending]` when asked, else load its configuration
 * (requiring the broker: a process on its own has no in-process bus), build the app and serve it;
 * a start that fails ends with one JSON log line naming the service.
 */
export async function runServiceProcess<
  Config extends { PORT: number; HOST: string; METRICS_PORT?: number },
>(service: {
  name: string;
  migrationsFolder: string;
  loadConfig: (env: Record<string, string | undefined>, options: LoadConfigOptions) => Config;
  buildApp: (config: Config) => Promise<Pick<FastifyInstance, 'listen' | 'close' | 'log'>>;
}): Promise<void> {
  try {
    if (await runMigrateCommand(process.argv.slice(2), service)) process.exit(0);
    const config = service.loadConfig(process.env, STANDALONE);
    // Off (nothing loaded) unless an OTLP endpoint is configured: see README, Traces.
    await startTracing({ serviceName: service.name });
    await serve(await service.buildApp(config), { port: config.PORT, host: config.HOST });
    if (config.METRICS_PORT !== undefined) await serveMetrics(config.METRICS_PORT, config.HOST);
  } catch (err) {
    exitOnStartupError(err, service.name);
  }
}
