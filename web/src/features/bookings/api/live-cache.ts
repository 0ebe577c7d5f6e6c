import type { BookingsReply, MyBookingsQuery, SocketPayload } from '@linksmate/proto';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { patchCached } from '../../../lib/live-queries';
import { bookingsKeys } from './keys';

type BookingPush = SocketPayload<'booking:confirmed' | 'booking:cancelled' | 'booking:status-changed'>;

/**
 * A booking push applied to the person's cached lists: a booking a list shows takes its new status
 * and seats in place. A list is read afresh instead when the booking leaves it or joins it (a
 * filter by status; the push has no event details for a new row), or when money moved (a paid
 * booking cancelled is refunded, which only the server knows the amount of).
 */
export function applyBookingPush(queryClient: QueryClient, pushed: BookingPush): QueryKey[] {
  const stale: QueryKey[] = [];
  for (const [queryKey] of queryClient.getQueriesData<BookingsReply>({
    queryKey: bookingsKeys.allMine(),
  })) {
    const query = (queryKey[2] ?? {}) as MyBookingsQuery;
    const belongs = query.status === undefined || query.status === pushed.status;
    const changed = patchCached<BookingsReply>(queryClient, queryKey, (reply) => {
      const shown = reply.bookings.find((b) => b.id === pushed.booking_id);
      if (!shown) return belongs ? undefined : reply;
      if (!belongs || (shown.amount_paid ?? 0) > 0) return undefined;
      return {
        ...reply,
        bookings: reply.bookings.map((b) =>
          b.id === pushed.booking_id
            ? { ...b, booking_status: pushed.status as typeof b.booking_status, seats: pushed.seats }
            : b,
        ),
      };
    });
    if (!changed) stale.push(queryKey);
  }
  return stale;
}
