import type { NotificationReadReply, NotificationUnreadReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationsKeys } from './keys';

/** POST /notifications/{id}/read: opening one marks it read. */
export const markNotificationRead = (id: number) =>
  api.post<NotificationReadReply>(`/notifications/${id}/read`);

/** POST /notifications/read-all. */
export const markAllNotificationsRead = () => api.post<NotificationUnreadReply>('/notifications/read-all');

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (reply) => {
      queryClient.setQueryData(notificationsKeys.unread(), { unread_count: reply.unread_count });
      void queryClient.invalidateQueries({ queryKey: notificationsKeys.list() });
    },
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (reply) => {
      queryClient.setQueryData(notificationsKeys.unread(), reply);
      void queryClient.invalidateQueries({ queryKey: notificationsKeys.list() });
    },
  });
}
