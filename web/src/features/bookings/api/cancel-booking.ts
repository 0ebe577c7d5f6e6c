import type { Booking } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bookingsKeys } from './keys';

/** POST /bookings/{id}/cancel: the caller gives up a booking; one paid by card is refunded in full (until the cut-off). */
export const cancelBooking = (bookingId: number) =>
  api.post<{ message: string; booking: Booking }>(`/bookings/${bookingId}/cancel`);

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingsKeys.all }),
  });
}
