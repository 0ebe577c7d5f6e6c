import type { Executor } from '@linksmate/platform';
import type * as schema from './schema';
import type { memberships, payments, subscriptions, transactions, users } from './schema';

/** The payments database, or a transaction on it: what every repository function takes. */
export type Db = Executor<typeof schema>;
export type Membership = typeof memberships.$inferSelect;
/** A membership's own fields, without the bookkeeping its store adds. */
export type MembershipFields = Omit<typeof memberships.$inferInsert, 'userId' | 'version' | 'updatedAt'>;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type NewPayment = typeof payments.$inferInsert;
export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransaction = typeof transactions.$inferInsert;
export type PaymentsUser = typeof users.$inferSelect;
