import net from 'node:net';

export interface TestInfrastructure {
  /** A PostgreSQL connection string for a role that may create databases. */
  databaseUrl: string;
  amqpUrl: string;
}

function reachable(url: string, defaultPort: number, timeoutMs = 1_000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function dockerAnswers(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

let containers: Array<{ stop(): Promise<unknown> }> = [];

const LOCAL_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_AMQP_URL = 'amqp://guest:guest@127.0.0.1:5672';

/**
 * Where the tests find PostgreSQL and RabbitMQ: TEST_DATABASE_URL and TEST_AMQP_URL when set (CI
 * sets them); otherwise containers when a Docker engine answers; otherwise both on their standard
 * local ports when they answer there (said on the console); otherwise the run fails and says what
 * to start. Tests never skip silently.
 */
export async function resolveTestInfrastructure(): Promise<TestInfrastructure> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const amqpUrl = process.env.TEST_AMQP_URL;
  if (databaseUrl && amqpUrl) {
    const [pgUp, mqUp] = await Promise.all([reachable(databaseUrl, 5432), reachable(amqpUrl, 5672)]);
    const down = [!pgUp && `PostgreSQL at ${databaseUrl}`, !mqUp && `RabbitMQ at ${amqpUrl}`].filter(Boolean);
    if (down.length)
      throw new Error(`Test infrastructure unreachable: ${down.join(', ')}. Start it and run again.`);
    return { databaseUrl, amqpUrl };
  }
  if (await dockerAnswers()) {
    const { GenericContainer, Wait } = await import('testcontainers');
    const postgres = await new GenericContainer('postgres:16-alpine')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
      .start();
    const rabbit = await new GenericContainer('rabbitmq:3.13-alpine')
      .withExposedPorts(5672)
      .withWaitStrategy(Wait.forLogMessage(/Server startup complete/))
      .start();
    containers = [postgres, rabbit];
    return {
      databaseUrl: `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`,
      amqpUrl: `amqp://guest:guest@${rabbit.getHost()}:${rabbit.getMappedPort(5672)}`,
    };
  }
  // A developer machine that already runs both on their standard ports.
  const local = { databaseUrl: LOCAL_DATABASE_URL, amqpUrl: LOCAL_AMQP_URL };
  if ((await reachable(local.databaseUrl, 5432)) && (await reachable(local.amqpUrl, 5672))) {
    console.info(`Tests use the local PostgreSQL (${local.databaseUrl}) and RabbitMQ (${local.amqpUrl}).`);
    return local;
  }
  throw new Error(
    [
      'The tests need PostgreSQL and RabbitMQ, and found neither configured, nor a Docker engine to start them,',
      'nor both running locally on their standard ports.',
      'Either set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) and',
      'TEST_AMQP_URL (e.g. amqp://guest:guest@127.0.0.1:5672), or start Docker so testcontainers can run them.',
    ].join('\n'),
  );
}

export async function stopTestInfrastructure(): Promise<void> {
  await Promise.all(containers.map((c) => c.stop()));
  containers = [];
}

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error('TEST_DATABASE_URL is not set: run the tests through vitest (its global setup sets it)');
  return url;
}

export function testAmqpUrl(): string {
  const url = process.env.TEST_AMQP_URL;
  if (!url)
    throw new Error('TEST_AMQP_URL is not set: run the tests through vitest (its global setup sets it)');
  return url;
}
