import type { WaitlistReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventsKeys } from './keys';

/** POST /events/{id}/waitlist: a place in line for a full event (beyond the spec). */
export const joinWaitlist = (eventId: number) => api.post<WaitlistReply>(`/events/${eventId}/waitlist`);

/** DELETE /events/{id}/waitlist: leaves the line (and lets a held offer pass on). */
export const leaveWaitlist = (eventId: number) => api.delete<unknown>(`/events/${eventId}/waitlist`);

export function useWaitlist(eventId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: eventsKeys.all });
  return {
    join: useMutation({ mutationFn: () => joinWaitlist(eventId), onSuccess: refresh }),
    leave: useMutation({ mutationFn: () => leaveWaitlist(eventId), onSuccess: refresh }),
  };
}
