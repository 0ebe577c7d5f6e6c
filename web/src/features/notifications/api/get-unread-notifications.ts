import type { NotificationUnreadReply } from '@linksmate/proto';
import { DELAYS_MS } from '@linksmate/proto/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationsKeys } from './keys';

/** GET /notifications/unread-count: the bell's count. */
export const getUnreadNotifications = () => api.get<NotificationUnreadReply>('/notifications/unread-count');

export const unreadNotificationsQuery = () =>
  queryOptions({ queryKey: notificationsKeys.unread(), queryFn: getUnreadNotifications });

export function useUnreadNotifications(socketUp: boolean) {
  return useQuery({
    ...unreadNotificationsQuery(),
    refetchInterval: socketUp ? false : DELAYS_MS.conversationRefresh,
  });
}
