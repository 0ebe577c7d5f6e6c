import type { AdminBooking, AdminBookingsQuery, AdminBookingsReply } from '@linksmate/proto';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { adminBookingsKeys } from './keys';

export type BookingsListQuery = Partial<AdminBookingsQuery>;

/** Spec 3 §7: GET /admin/bookings with start_date, end_date, status, limit, offset → bookings, total. */
export const getBookings = (query: BookingsListQuery) =>
  api.get<AdminBookingsReply>(`/admin/bookings${queryString(query)}`);

export const useBookings = (query: BookingsListQuery, enabled = true) =>
  useQuery({
    queryKey: adminBookingsKeys.list(query),
    queryFn: () => getBookings(query),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
    enabled,
  });

/** The calendar reads its whole month, 100 at a time, up to this many bookings. */
const MONTH_PAGE = 100;
export const MONTH_CAP = 1000;

/** Every booking of a range (a calendar's month), page after page. */
export async function getAllBookings(query: Omit<BookingsListQuery, 'limit' | 'offset'>) {
  const bookings: AdminBooking[] = [];
  let total = 0;
  for (let offset = 0; offset < MONTH_CAP; offset += MONTH_PAGE) {
    const reply = await getBookings({ ...query, limit: MONTH_PAGE, offset });
    bookings.push(...reply.bookings);
    total = reply.total;
    if (reply.bookings.length < MONTH_PAGE || bookings.length >= total) break;
  }
  return { bookings, total };
}

export const useMonthBookings = (query: Omit<BookingsListQuery, 'limit' | 'offset'>, enabled: boolean) =>
  useQuery({
    queryKey: adminBookingsKeys.month(query),
    queryFn: () => getAllBookings(query),
    placeholderData: keepPreviousData,
    enabled,
  });
