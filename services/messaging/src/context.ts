import type { Clock, ServiceRuntime } from '@linksmate/platform';
import type { MessagingConfig } from './config';
import type * as schema from './db/schema';

/** What every module of messaging is built from. */
export interface ModuleContext {
  runtime: ServiceRuntime<typeof schema>;
  clock: Clock;
  config: MessagingConfig;
}
