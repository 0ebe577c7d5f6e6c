import type { ServiceRuntime } from '@linksmate/platform';
import {
  BookingCancelled,
  BookingConfirmed,
  BookingStatusChanged,
  EventCancelled,
  EventCreated,
  EventDeleted,
  EventUpdated,
  TransactionRecorded,
} from '@linksmate/proto';
import type * as schema from '../db/schema';
import type { Dashboard } from '../modules/dashboard/service';

/**
 * The dashboard's figures: payments taken (payments), events and bookings (events-bookings). Each is
 * kept so that hearing an event again, or late, changes nothing it should not.
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
}
