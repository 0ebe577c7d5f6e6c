import type { SocketPayload } from '@linksmate/proto';
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useUnreadNotifications } from '../../features/notifications/api/get-unread-notifications';
import { notificationsKeys } from '../../features/notifications/api/keys';
import { paths } from '../../lib/paths';
import { useSocketConnected, useSocketConnects, useSocketPushes } from '../../lib/socket-pushes';

/**
 * The bell and its unread count: a push raises it in place (a collapsed one replaced an unread one,
 * so it stays), an announcement or a reconnection reads it anew.
 */
export function NotificationBell() {
  const socketUp = useSocketConnected();
  const unread = useUnreadNotifications(socketUp);
  const queryClient = useQueryClient();
  useSocketPushes(['notification:new', 'announcement:new'], (name, payload) => {
    if (name === 'notification:new' && !(payload as SocketPayload<'notification:new'>).collapsed)
      queryClient.setQueryData(notificationsKeys.unread(), (old: { unread_count: number } | undefined) =>
        old ? { unread_count: old.unread_count + 1 } : old,
      );
    else void queryClient.invalidateQueries({ queryKey: notificationsKeys.unread() });
    void queryClient.invalidateQueries({ queryKey: notificationsKeys.list() });
  });
  useSocketConnects(() => void queryClient.invalidateQueries({ queryKey: notificationsKeys.all }));
  const count = unread.data?.unread_count ?? 0;
  return (
    <Indicator
      label={count > 99 ? '99+' : count}
      size={16}
      color="red"
      disabled={count === 0}
      data-testid="notification-count"
    >
      <ActionIcon
        component={Link}
        to={paths.notifications.href()}
        variant="subtle"
        size="lg"
        aria-label={count ? `Notifications, ${count} unread` : 'Notifications'}
      >
        <IconBell size={20} />
      </ActionIcon>
    </Indicator>
  );
}
