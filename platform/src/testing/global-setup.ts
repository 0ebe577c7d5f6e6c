import { dropLeftoverTestDatabases } from './database';
import { resolveTestInfrastructure, stopTestInfrastructure } from './infra';

/** Vitest global setup: find PostgreSQL and RabbitMQ once and hand them to every test file. */
export default async function setup(): Promise<() => Promise<void>> {
  const infra = await resolveTestInfrastructure();
  process.env.TEST_DATABASE_URL = infra.databaseUrl;
  process.env.TEST_AMQP_URL = infra.amqpUrl;
  await dropLeftoverTestDatabases();
  return stopTestInfrastructure;
}
