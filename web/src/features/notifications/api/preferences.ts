import type { NotificationPreferencesBody, NotificationPreferencesReply } from '@linksmate/proto';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationsKeys } from './keys';

/** GET /notifications/preferences: every kind with its channel (the default where none was chosen). */
export const getNotificationPreferences = () =>
  api.get<NotificationPreferencesReply>('/notifications/preferences');

export const notificationPreferencesQuery = () =>
  queryOptions({ queryKey: notificationsKeys.preferences(), queryFn: getNotificationPreferences });

export const useNotificationPreferences = () => useQuery(notificationPreferencesQuery());

/** PUT /notifications/preferences: the kinds named change, the others stay. */
export const putNotificationPreferences = (body: NotificationPreferencesBody) =>
  api.put<NotificationPreferencesReply>('/notifications/preferences', body);

export function useSetNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putNotificationPreferences,
    onSuccess: (reply) => queryClient.setQueryData(notificationsKeys.preferences(), reply),
  });
}
