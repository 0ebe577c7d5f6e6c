import type { Executor } from '@linksmate/platform';
import type * as schema from './schema';
import type { availabilitySlots, bookings, events, seatHolds, ticketTypes, waitlistEntries } from './schema';

/** The events database, or a transaction on it: what every repository function takes. */
export type Db = Executor<typeof schema>;
export type EventRow = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;
export type TicketTypeRow = typeof ticketTypes.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type SeatHoldRow = typeof seatHolds.$inferSelect;
export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
export type AvailabilitySlotRow = typeof availabilitySlots.$inferSelect;
export type NewAvailabilitySlot = typeof availabilitySlots.$inferInsert;
export type ScoringRow = typeof schema.eventScorings.$inferSelect;
export type ScoreCardRow = typeof schema.scoreCards.$inferSelect;
