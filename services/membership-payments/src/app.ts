import { createService, type HttpApp, type ServiceDeps } from '@linksmate/platform';
import type { MembershipPaymentsConfig } from './config';
import * as schema from './db/schema';

export const migrationsFolder = new URL('./db/migrations', import.meta.url).pathname;

/** membership-payments: plans, subscriptions, payments and transactions. */
export async function buildApp(config: MembershipPaymentsConfig, deps: ServiceDeps = {}): Promise<HttpApp> {
  const { app } = await createService({
    name: 'membership-payments',
    title: 'LinksMate membership-payments',
    schema,
    migrationsFolder,
    config,
    deps,
  });
  return app;
}
