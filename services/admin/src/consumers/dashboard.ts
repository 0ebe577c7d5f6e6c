import type { ServiceRuntime } from '@linksmate/platform';
import {
  BookingCancelled,
  BookingConfirmed,
  BookingStatusChanged,
  CoachCreated,
  CoachDeleted,
  CoachUpdated,
  EventCancelled,
  EventCreated,
  EventDeleted,
  EventUpdated,
  JoinRequestApproved,
  JoinRequestRejected,
  JoinRequestSubmitted,
  TransactionRecorded,
  VenueCreated,
  VenueDeleted,
  VenueSubmitted,
  VenueUpdated,
} from '@linksmate/proto';
import type * as schema from '../db/schema';
import type { Dashboard } from '../modules/dashboard/service';

/** The status a join request's booking has after each of its events. */
const JOIN_REQUEST_STATUS: Record<string, string> = {
  [JoinRequestSubmitted.type]: 'pending',
  [JoinRequestApproved.type]: 'confirmed',
  [JoinRequestRejected.type]: 'rejected',
};

/**
 * The dashboard's figures: payments taken (payments), events and bookings (events-bookings), and who
 * runs which venue and coach profile (venues-coaches) for the venue and coach admins' own figures.
 * Each is kept so that hearing an event again, or late, changes nothing it should not.
 */
export function consumeDashboard(runtime: ServiceRuntime<typeof schema>, dashboard: Dashboard): void {
  runtime.consume('dashboard-revenue', [TransactionRecorded], async (event, tx) => {
    await dashboard.transactionRecorded(tx, event.data);
  });
  runtime.consume(
    'dashboard-events',
    [EventCreated, EventUpdated, EventCancelled, EventDeleted],
    async (event, tx) => {
      if (event.type === EventDeleted.type) await dashboard.eventDeleted(tx, event.data);
      else await dashboard.eventChanged(tx, event.data);
    },
  );
  runtime.consume(
    'dashboard-bookings',
    [BookingConfirmed, BookingCancelled, BookingStatusChanged],
    async (event, tx) => {
      await dashboard.bookingChanged(tx, event.data);
    },
  );
  // A member game's join request is its booking while pending (events-bookings' bookings table).
  runtime.consume(
    'dashboard-join-requests',
    [JoinRequestSubmitted, JoinRequestApproved, JoinRequestRejected],
    async (event, tx) => {
      await dashboard.joinRequestChanged(tx, event.data, JOIN_REQUEST_STATUS[event.type]!);
    },
  );
  runtime.consume(
    'dashboard-venues',
    [VenueCreated, VenueUpdated, VenueSubmitted, VenueDeleted],
    async (event, tx) => {
      if (event.type === VenueDeleted.type) await dashboard.venueDeleted(tx, event.data);
      else await dashboard.venueChanged(tx, event.data);
    },
  );
  runtime.consume('dashboard-coaches', [CoachCreated, CoachUpdated, CoachDeleted], async (event, tx) => {
    if (event.type === CoachDeleted.type) await dashboard.coachDeleted(tx, event.data);
    else await dashboard.coachChanged(tx, event.data);
  });
}
