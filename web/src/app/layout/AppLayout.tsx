import { DELAYS_MS } from '@linksmate/proto/rules/limits';
import { Box, Center, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router-dom';
import { onMembershipRequired, setClaimsRefresher } from '../../lib/api-client';
import { useAppTitleOnNavigation } from '../../lib/document-title';
import { paths } from '../../lib/paths';
import { sharedQueryRoots } from '../../lib/query-keys';
import { refreshToken } from '../../lib/refresh-session';
import { SessionProvider, useSession } from '../../lib/session-context';
import { Footer } from './Footer';
import { Navbar } from './Navbar';

/** docs/product.md#roles: any 402 with membership_required sends the user to the membership page after 2 s. */
export function MembershipRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    // Several calls may be refused at once; they lead to one notice and one redirect.
    let pending: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = onMembershipRequired((error) => {
      if (pending) return;
      notifications.show({
        id: 'membership-required',
        color: 'yellow',
        title: 'Membership required',
        message: 'You need an active membership to access this feature. Redirecting to membership page...',
      });
      pending = setTimeout(() => {
        pending = undefined;
        // 'Redirecting…' is done once there; the membership page says why on its own.
        notifications.hide('membership-required');
        navigate(error.redirectUrl ?? paths.membership.href(), { state: { required: true } });
      }, DELAYS_MS.membershipRedirect);
    });
    return () => {
      clearTimeout(pending);
      unsubscribe();
    };
  }, [navigate]);
  return null;
}

/**
 * When the gateway says the token's membership claims are out of date (`claims_stale`: a grant, a
 * purchase or a lapse since it was issued), the API client renews the token here and asks again;
 * the session and the membership shown are read anew.
 */
function ClaimsRefresh() {
  const { refresh } = useSession();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      // A token stored since the refused one (the socket push got there first) is used as it is.
      setClaimsRefresher(async (refused) => {
        const renewed = (await refreshToken(refused)) !== null;
        refresh();
        if (renewed) {
          void queryClient.invalidateQueries({ queryKey: sharedQueryRoots.profile });
          void queryClient.invalidateQueries({ queryKey: sharedQueryRoots.payments });
        }
        return renewed;
      }),
    [refresh, queryClient],
  );
  return null;
}

// The socket (and socket.io-client with it) is for signed-in people only; visitors never fetch it.
const RealtimeConnection = lazy(() =>
  import('../../lib/realtime').then((module) => ({ default: module.RealtimeConnection })),
);
// What the messages' cache does with pushes comes with the socket, not with the first screen.
const MessagePushes = lazy(() =>
  import('../../features/messages/components/use-message-pushes').then((module) => ({
    default: module.MessagePushes,
  })),
);

function RealtimeWhenSignedIn() {
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) return null;
  return (
    <Suspense fallback={null}>
      <RealtimeConnection />
      <MessagePushes />
    </Suspense>
  );
}

export function PageLoader() {
  return (
    <Center py={120}>
      <Loader aria-label="Loading" />
    </Center>
  );
}

/**
 * The frame every page sits in: header, the page area, footer. The build paints the landing pages'
 * first screen from it before any script runs (src/first-screens.tsx).
 */
export function LayoutFrame({ children }: { children: ReactNode }) {
  return (
    <Box style={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Navbar />
      {/* The page fills the screen below the 64 px header even while it loads, so the footer starts
          below the fold and never jumps down when the page's content arrives (CLS). */}
      <Box component="main" id="main" style={{ flex: 1, minHeight: 'calc(100dvh - 64px)' }}>
        {children}
      </Box>
      <Footer />
    </Box>
  );
}

export function AppLayout() {
  useAppTitleOnNavigation();
  return (
    <SessionProvider>
      <MembershipRedirect />
      <ClaimsRefresh />
      <RealtimeWhenSignedIn />
      <LayoutFrame>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </LayoutFrame>
      <ScrollRestoration />
    </SessionProvider>
  );
}
