import { mayEnterAdminArea } from '@linksmate/proto/rules/admin';
import { Box, Burger, Button, Container, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useRef } from 'react';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { paths } from '../../lib/paths';
import { useLogout, useSession } from '../../lib/session-context';
import classes from './Navbar.module.css';
import { NavMenuLabel } from './NavMenuLabel';
import {
  adminLinks,
  adminMenuLabel,
  GAME_LINKS,
  inSectionElsewhere,
  type NavItem,
  PUBLIC_LINKS,
  SIGNED_IN_LINKS,
} from './nav-links';
import { UnreadBadge } from './UnreadBadge';

// The bell (and its icon, indicator and push handling) is for signed-in people only: visitors'
// first screen never fetches it (e2e/test/bundle-budget.test.ts).
const NotificationBell = lazy(() =>
  import('./NotificationBell').then((module) => ({ default: module.NotificationBell })),
);

// Menus and the drawer (and the floating and scroll-locking code behind them) are fetched when they
// are first needed: signed in for the menus, a tap on the burger for the drawer. Visitors landing on
// a page never fetch them.
const NavDropdown = lazy(() => import('./NavDropdown').then((module) => ({ default: module.NavDropdown })));
const MobileMenu = lazy(() => import('./MobileMenu').then((module) => ({ default: module.MobileMenu })));

function Dropdown({ label, links }: { label: string; links: NavItem[] }) {
  // Highlighted, like the plain links, while one of its screens is open.
  const { pathname } = useLocation();
  const active = links.some((link) => link.to === pathname);
  return (
    <Suspense
      fallback={
        <UnstyledButton className={classes.link} aria-haspopup="menu" data-active={active || undefined}>
          <NavMenuLabel label={label} />
        </UnstyledButton>
      }
    >
      <NavDropdown label={label} links={links} active={active} />
    </Suspense>
  );
}

export function Navbar() {
  const session = useSession();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // Once opened, the drawer stays mounted so that it can animate closed and open again at once.
  const drawerWanted = useRef(false);
  if (opened) drawerWanted.current = true;

  const signOutAndLeave = useLogout();
  const logout = () => {
    close();
    signOutAndLeave();
  };

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group justify="space-between" h="100%" wrap="nowrap">
          <Link to={paths.home.href()} aria-label="LinksMate home" className={classes.brand}>
            <Logo />
          </Link>
          <Group gap={4} visibleFrom="md" component="nav" aria-label="Main" wrap="nowrap">
            {[...PUBLIC_LINKS, ...(session.isLoggedIn ? SIGNED_IN_LINKS : [])].map((link) => (
              <RouterNavLink
                key={link.to}
                to={link.to}
                end={link.end}
                className={classes.link}
                data-active={inSectionElsewhere(link, pathname) || undefined}
              >
                {link.to === paths.messages.href() ? (
                  <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                    {link.label}
                    <UnreadBadge />
                  </span>
                ) : (
                  link.label
                )}
              </RouterNavLink>
            ))}
            {session.isLoggedIn && <Dropdown label="My Games" links={GAME_LINKS} />}
            {session.isLoggedIn && mayEnterAdminArea(session.role) && (
              <Dropdown label={adminMenuLabel(session.role)} links={adminLinks(session.role)} />
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {/* The bell shows on every width: on a phone it sits beside the burger. */}
            {session.isLoggedIn && (
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
            )}
            <Group gap="xs" visibleFrom="md" wrap="nowrap">
              {session.isLoggedIn ? (
                <Button variant="default" onClick={logout}>
                  Logout
                </Button>
              ) : (
                <Button component={Link} to={paths.login.href()}>
                  Login
                </Button>
              )}
            </Group>
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" aria-label="Toggle navigation" />
          </Group>
        </Group>
      </Container>
      {drawerWanted.current && (
        <Suspense fallback={null}>
          <MobileMenu opened={opened} onClose={close} onLogout={logout} />
        </Suspense>
      )}
    </Box>
  );
}
