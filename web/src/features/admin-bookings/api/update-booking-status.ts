import type { AdminBooking, AdminBookingStatusBody } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sharedQueryRoots } from '../../../lib/query-keys';

/** docs/product.md#admin-calls: PATCH /admin/bookings/{id}/status with status; answers the booking as it now is. */
export const updateBookingStatus = ({ bookingId, status }: { bookingId: number } & AdminBookingStatusBody) =>
  api.patch<AdminBooking>(`/admin/bookings/${bookingId}/status`, { status });

/** A booking's status changes the event's seats too: every events and bookings list is read again. */
export function useUpdateBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookingStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedQueryRoots.events }),
  });
}
