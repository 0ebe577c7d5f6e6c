import type { AdminBookingsQuery, AdminBookingsReply } from '@linksmate/proto';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { readWholeMonth } from '../../../lib/month-pages';
import { adminBookingsKeys } from './keys';

export type BookingsListQuery = Partial<AdminBookingsQuery>;

/** docs/product.md#admin-calls: GET /admin/bookings with start_date, end_date, status, limit, offset → bookings, total. */
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

/** Every booking of a range (a calendar's month), page after page. */
export const getAllBookings = (query: Omit<BookingsListQuery, 'limit' | 'offset'>) =>
  readWholeMonth('bookings', (page) => getBookings({ ...query, ...page }));

export const useMonthBookings = (query: Omit<BookingsListQuery, 'limit' | 'offset'>, enabled: boolean) =>
  useQuery({
    queryKey: adminBookingsKeys.month(query),
    queryFn: () => getAllBookings(query),
    placeholderData: keepPreviousData,
    enabled,
  });
