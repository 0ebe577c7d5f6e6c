import type { Database, Executor } from '@linksmate/platform';
import type * as schema from './schema';
import type {
  auditEntries,
  bookingFacts,
  coachFacts,
  directoryUsers,
  eventFacts,
  revenueEntries,
  venueFacts,
} from './schema';

/** The admin database, or a transaction on it: what every repository function takes. */
export type Db = Executor<typeof schema>;
/** The admin database itself, not a transaction: what reads on its own pools take. */
export type AdminDatabase = Database<typeof schema>;
export type DirectoryUser = typeof directoryUsers.$inferSelect;
export type NewDirectoryUser = typeof directoryUsers.$inferInsert;
export type AuditEntry = typeof auditEntries.$inferSelect;
export type NewAuditEntry = typeof auditEntries.$inferInsert;
export type NewRevenueEntry = typeof revenueEntries.$inferInsert;
export type NewEventFact = typeof eventFacts.$inferInsert;
export type NewBookingFact = typeof bookingFacts.$inferInsert;
export type NewVenueFact = typeof venueFacts.$inferInsert;
export type NewCoachFact = typeof coachFacts.$inferInsert;
