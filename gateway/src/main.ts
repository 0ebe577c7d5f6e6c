import { exitOnStartupError, STANDALONE, serve } from '@linksmate/platform/edge';
import { buildGateway } from './app';
import { loadGatewayConfig } from './config';

try {
  const config = loadGatewayConfig(process.env, STANDALONE);
  const { app, management } = await buildGateway(config);
  await serve(app, { port: config.PORT, host: config.HOST });
  if (management) await management.listen({ port: config.MANAGEMENT_PORT, host: config.HOST });
} catch (err) {
  exitOnStartupError(err, 'gateway');
}
