import type { MarkReadReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readAfresh } from '../../../lib/live-queries';
import type { ConversationType } from '../../../lib/paths';
import { applyMarkedRead } from './live-cache';

/** POST /messages/dm/{userId}/read or /messages/event/{eventId}/read: the conversation seen (sets read_at). */
export const markRead = (type: ConversationType, id: number) =>
  api.post<MarkReadReply>(`/messages/${type === 'direct' ? 'dm' : 'event'}/${id}/read`);

export function useMarkRead(type: ConversationType, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markRead(type, id),
    onSuccess: (reply) => void readAfresh(queryClient, applyMarkedRead(queryClient, type, id, reply)),
  });
}
