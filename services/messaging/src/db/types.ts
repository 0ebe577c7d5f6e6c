import type { Executor } from '@linksmate/platform';
import type * as schema from './schema';

/** The messaging database, or a transaction on it: what every repository function takes. */
export type Db = Executor<typeof schema>;
