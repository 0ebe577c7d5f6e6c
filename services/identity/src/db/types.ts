import type { Executor } from '@linksmate/platform';
import type * as schema from './schema';
import type { memberships, sessions, users } from './schema';

/** The identity database, or a transaction on it: what every repository function takes. */
export type Db = Executor<typeof schema>;
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Membership = typeof memberships.$inferSelect;
export type NewMembership = typeof memberships.$inferInsert;
export type Session = typeof sessions.$inferSelect;
