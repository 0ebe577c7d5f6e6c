import type { NotificationsReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationsKeys } from './keys';

/** GET /notifications: the own notifications, newest first, with the unread count. */
export const getNotifications = () => api.get<NotificationsReply>('/notifications');

export const notificationsQuery = () =>
  queryOptions({ queryKey: notificationsKeys.list(), queryFn: getNotifications });

export const useNotifications = () => useQuery(notificationsQuery());
