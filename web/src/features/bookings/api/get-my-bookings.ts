import type { BookingsReply, MyBookingsQuery } from '@linksmate/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { bookingsKeys } from './keys';

export type { Booking } from '@linksmate/proto';

/** docs/product.md#community-calls: GET /bookings/my with status, limit, offset → the caller's bookings. */
export const getMyBookings = (query: MyBookingsQuery) =>
  api.get<BookingsReply>(`/bookings/my${queryString(query)}`);

export const myBookingsQuery = (query: MyBookingsQuery) =>
  queryOptions({ queryKey: bookingsKeys.mine(query), queryFn: () => getMyBookings(query) });

export function useMyBookings(query: MyBookingsQuery) {
  return useQuery({ ...myBookingsQuery(query), placeholderData: keepPreviousData });
}
