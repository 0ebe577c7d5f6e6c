import type { SendDirectMessageBody, SendEventMessageBody, SendMessageReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readAfresh } from '../../../lib/live-queries';
import type { ConversationType } from '../../../lib/paths';
import { applyMessage } from './live-cache';

/** docs/product.md#community-calls: POST /messages/dm (receiver_user_id…) or POST /messages/event/{eventId}. */
export const sendMessage = (type: ConversationType, id: number, body: SendEventMessageBody) =>
  type === 'direct'
    ? api.post<SendMessageReply>('/messages/dm', {
        ...body,
        receiver_user_id: id,
      } satisfies SendDirectMessageBody)
    : api.post<SendMessageReply>(`/messages/event/${id}`, body);

export function useSendMessage(type: ConversationType, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendEventMessageBody) => sendMessage(type, id, body),
    // The reply is the message as stored: into the conversation and the list, with no second read.
    onSuccess: ({ message }) =>
      void readAfresh(queryClient, applyMessage(queryClient, message, message.sender_user_id)),
  });
}
