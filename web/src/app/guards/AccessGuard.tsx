import { mayEnterAdminArea } from '@linksmate/proto/rules/admin';
import { passesMembershipCheck, requiresMembership } from '@linksmate/proto/rules/membership';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { AccessDenied } from '../../components/AccessDenied';
import type { LoginState } from '../../lib/login-state';
import { paths } from '../../lib/paths';
import { ensureFreshToken, onSessionEnded, refreshToken } from '../../lib/refresh-session';
import { readSession, type TokenClaims } from '../../lib/session';
import { useSession } from '../../lib/session-context';
import { type LoginReason, pleaseLogIn } from './login-reasons';

type Verdict = 'checking' | 'allowed' | 'login' | 'denied' | 'membership';

/**
 * docs/product.md#roles / spec 2 "Access guard": login required (else /login, saying why and remembering the
 * origin to return to), optionally a role with a part of the admin area (else spec 3's 'Access
 * Denied', not a silent trip home), optionally a valid membership (else
 * /membership with the 'required' flag). Shows 'Checking access...' meanwhile. The server enforces
 * the same rules.
 */
export function AccessGuard({
  children,
  admin = false,
  membership = false,
  loginReason = pleaseLogIn,
}: {
  children: ReactNode;
  admin?: boolean;
  membership?: boolean;
  loginReason?: LoginReason;
}) {
  const location = useLocation();
  const [verdict, setVerdict] = useState<Verdict>('checking');
  const { refresh } = useSession();
  // A session that ends while the screen is open (its refresh refused) is checked again at once;
  // a screen that signs the person out itself (onboarding after a purchase) decides where they go.
  const [sessionEnded, setSessionEnded] = useState(0);
  useEffect(() => onSessionEnded(() => setSessionEnded((n) => n + 1)), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the check runs again on every route change
  useEffect(() => {
    let current = true;
    const lacksMembership = (claims: TokenClaims | null) =>
      membership && requiresMembership(claims?.role) && !passesMembershipCheck(claims ?? {});
    // A token past its exp is exchanged first; only a session that has ended sends to /login.
    void ensureFreshToken()
      .catch(() => null)
      .then(async () => {
        if (!current) return;
        const session = readSession();
        if (!session.isLoggedIn || !session.claims) return setVerdict('login');
        if (admin && !mayEnterAdminArea(session.role)) return setVerdict('denied');
        if (!lacksMembership(session.claims)) return setVerdict('allowed');
        // The token may predate a membership granted or bought since (its push missed): a renewed
        // token carries the membership as it is now, so it decides.
        setVerdict('checking');
        await refreshToken().catch(() => null);
        if (!current) return;
        refresh();
        setVerdict(lacksMembership(readSession().claims) ? 'membership' : 'allowed');
      });
    return () => {
      current = false;
    };
  }, [admin, membership, location.pathname, sessionEnded]);

  switch (verdict) {
    case 'checking':
      return (
        <Center py={120}>
          <Stack align="center" gap="xs">
            <Loader size="sm" aria-hidden />
            <Text c="dimmed">Checking access...</Text>
          </Stack>
        </Center>
      );
    case 'login': {
      const state: LoginState = {
        ...loginReason(new URLSearchParams(location.search)),
        from: `${location.pathname}${location.search}`,
      };
      return <Navigate to={paths.login.href()} replace state={state} />;
    }
    case 'denied':
      return <AccessDenied backTo={paths.home.href()} backLabel="Back to the home page" />;
    case 'membership':
      return <Navigate to={paths.membership.href()} replace state={{ required: true }} />;
    default:
      return <>{children}</>;
  }
}
