import { Badge } from '@mantine/core';
import { useUnreadCount } from '../../features/messages/api/get-unread-count';
import { useSocketConnected } from '../../lib/socket-pushes';

/** The Messages link's count of unread messages, kept live by the socket (polled while it is down). */
export function UnreadBadge() {
  const socketUp = useSocketConnected();
  const unread = useUnreadCount(true, socketUp);
  const count = unread.data?.unread_count ?? 0;
  if (count === 0) return null;
  return (
    <Badge size="xs" circle color="red" aria-label={`${count} unread`} data-testid="unread-badge">
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
