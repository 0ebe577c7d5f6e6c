import { freePort } from '../embedded/ports';
import { fmt, scratchDatabase } from './infra';
import {
  benchAccount,
  type LoadResult,
  load,
  loadLine,
  serviceAndGateway,
  startGateway,
  startProcess,
  stop,
} from './processes';

/**
 * A service's /health directly vs through the gateway, both as their own processes of the
 * distributed run (RabbitMQ bus): same generator, connections and duration.
 */
export async function measureGatewayOverhead(options: { connections?: number; seconds?: number } = {}) {
  const connections = options.connections ?? 32;
  const seconds = options.seconds ?? 10;
  const database = await scratchDatabase('gateway');
  const { servicePort, gatewayPort, serviceUrl, gatewayUrl, common } = await serviceAndGateway();
  const barePort = await freePort();
  const service = await startProcess(
    'services/identity/src/main.ts',
    { ...common, PORT: String(servicePort), HOST: '127.0.0.1', DATABASE_URL: database.url },
    `${serviceUrl}/ready`,
  );
  const gateway = await startGateway(common, gatewayPort, serviceUrl);
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const bare = await startProcess(
    'tools/src/bench/bare-proxy.ts',
    { PORT: String(barePort), UPSTREAM_URL: serviceUrl },
    `${bareUrl}/ready`,
  );
  try {
    const directUrl = `${serviceUrl}/health`;
    const proxiedUrl = `${gatewayUrl}/api/v1/health/identity`;
    await load(directUrl, connections, 2);
    await load(proxiedUrl, connections, 2);
    const direct = await load(directUrl, connections, seconds);
    const proxied = await load(proxiedUrl, connections, seconds);
    const ratio = proxied.requestsPerSecond / direct.requestsPerSecond;
    // What any proxy gets here: two HTTP exchanges per request on cores the others share.
    await load(`${bareUrl}/health`, connections, 2);
    const bareProxied = await load(`${bareUrl}/health`, connections, seconds);
    const bareRatio = bareProxied.requestsPerSecond / direct.requestsPerSecond;

    // For comparison, a call that does real work: an authenticated list read from the database.
    const auth = [`authorization=Bearer ${(await benchAccount(serviceUrl)).token}`];
    const listDirect = await load(`${serviceUrl}/golfers?page=1&limit=4`, connections, seconds, auth);
    const listProxied = await load(`${gatewayUrl}/api/v1/golfers?page=1&limit=4`, connections, seconds, auth);
    const listRatio = listProxied.requestsPerSecond / listDirect.requestsPerSecond;
    const line = (label: string, r: LoadResult) => loadLine(label, r);
    return {
      direct,
      proxied,
      ratio,
      bareRatio,
      listRatio,
      report() {
        return [
          `Gateway overhead (autocannon, ${connections} connections, ${seconds} s each, gateway and identity as separate processes):`,
          line('/health direct', direct),
          line('/health via gateway', proxied),
          `  throughput ratio ${fmt(ratio, 2)}   (target ≥ 0.7)`,
          line('/health via a bare proxy', bareProxied),
          `  throughput ratio ${fmt(bareRatio, 2)}   (node:http + undici and nothing else: the most a Node proxy gets on this machine)`,
          line('GET /golfers direct', listDirect),
          line('GET /golfers via gateway', listProxied),
          `  throughput ratio ${fmt(listRatio, 2)}   (a call that reads the database, for comparison)`,
        ].join('\n');
      },
    };
  } finally {
    await stop(bare);
    await stop(gateway);
    await stop(service);
    await database.drop();
  }
}
