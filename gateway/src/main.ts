import { exitOnStartupError, STANDALONE, serve, serveMetrics, startTracing } from '@linksmate/platform/edge';
import { buildGateway } from './app';
import { loadGatewayConfig } from './config';

try {
  const config = loadGatewayConfig(process.env, STANDALONE);
  // Off (nothing loaded) unless an OTLP endpoint is configured: see README, Traces.
  await startTracing({ serviceName: 'gateway' });
  const { app, management } = await buildGateway(config);
  await serve(app, { port: config.PORT, host: config.HOST });
  if (management) await management.listen({ port: config.MANAGEMENT_PORT, host: config.HOST });
  if (config.METRICS_PORT !== undefined) await serveMetrics(config.METRICS_PORT, config.HOST);
} catch (err) {
  exitOnStartupError(err, 'gateway');
}
