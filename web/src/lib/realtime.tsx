import { isRunningSubscription, passesMembershipCheck } from '@linksmate/proto/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { sharedQueryRoots } from './query-keys';
import { refreshToken } from './refresh-session';
import { useSession } from './session-context';

/**
 * The signed-in person's socket. When payments reports a membership change, a fresh token is
 * fetched so its claims catch up; when the session is revoked (ban, role change), it ends here too.
 */
export function RealtimeConnection() {
  const session = useSession();
  const queryClient = useQueryClient();
  const { token, refresh, signOut } = session;

  useEffect(() => {
    if (!token) return;
    const socket = io({
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnectionDelayMax: 10_000,
    });
    socket.on('membership:changed', async (payload: { membership?: { status?: string | null } }) => {
      const expected = payload.membership?.status;
      await refreshToken((claims) =>
        isRunningSubscription(expected)
          ? passesMembershipCheck(claims)
          : claims.membership_status === (expected ?? null),
      ).catch(() => null);
      refresh();
      await queryClient.invalidateQueries({ queryKey: sharedQueryRoots.profile });
      await queryClient.invalidateQueries({ queryKey: sharedQueryRoots.payments });
    });
    socket.on('session:revoked', () => signOut());
    return () => {
      socket.close();
    };
  }, [token, refresh, signOut, queryClient]);

  return null;
}
