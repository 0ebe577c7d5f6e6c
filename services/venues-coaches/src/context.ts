import type { Clock, ServiceRuntime } from '@linksmate/platform';
import type * as schema from './db/schema';

/** What every module of venues-coaches is built from. */
export interface ModuleContext {
  runtime: ServiceRuntime<typeof schema>;
  clock: Clock;
}
