import {
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Drawer,
  Group,
  Menu,
  NavLink,
  Stack,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, NavLink as RouterNavLink } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { paths } from '../../lib/paths';
import { useLogout, useSession } from '../../lib/session-context';
import classes from './Navbar.module.css';

const PUBLIC_LINKS = [
  { label: 'Find Players', to: paths.players.href() },
  { label: 'Find Coaches', to: paths.findCoaches.href() },
  { label: 'Events', to: paths.events.href() },
  { label: 'Venues', to: paths.venues.href() },
];

const GAME_LINKS = [
  { label: 'Create Game', to: paths.createGame.href() },
  { label: 'My Created Games', to: paths.myGames.href() },
  { label: 'My Bookings', to: paths.myBookings.href() },
];

/** Spec 1 §2.2: the admin menu, by role. */
function adminLinks(role: string | null) {
  const links: Array<{ label: string; to: string }> = [
    { label: 'Admin Dashboard', to: paths.admin.dashboard.href() },
  ];
  if (role === 'admin')
    links.push({ label: 'Create LinksMate Event', to: paths.admin.createOfficialEvent.href() });
  return links;
}

function Dropdown({ label, links }: { label: string; links: Array<{ label: string; to: string }> }) {
  return (
    <Menu trigger="click-hover" openDelay={50} closeDelay={150} position="bottom-start" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.link} aria-haspopup="menu">
          <Group gap={4} wrap="nowrap">
            {label}
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {links.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {link.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function Navbar() {
  const session = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);

  const signOutAndLeave = useLogout();
  const logout = () => {
    close();
    signOutAndLeave();
  };

  const mobileLink = (link: { label: string; to: string }) => (
    <NavLink key={link.to} component={RouterNavLink} to={link.to} label={link.label} onClick={close} />
  );

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group justify="space-between" h="100%" wrap="nowrap">
          <Link to={paths.home.href()} aria-label="LinksMate home" className={classes.brand}>
            <Logo />
          </Link>
          <Group gap={4} visibleFrom="md" component="nav" aria-label="Main" wrap="nowrap">
            {PUBLIC_LINKS.map((link) => (
              <RouterNavLink key={link.to} to={link.to} className={classes.link}>
                {link.label}
              </RouterNavLink>
            ))}
            {session.isLoggedIn && (
              <>
                <RouterNavLink to={paths.profile.href()} className={classes.link}>
                  My Profile
                </RouterNavLink>
                <RouterNavLink to={paths.messages.href()} className={classes.link}>
                  Messages
                </RouterNavLink>
                <Dropdown label="My Games" links={GAME_LINKS} />
                {session.isAdmin && <Dropdown label="Admin" links={adminLinks(session.role)} />}
              </>
            )}
          </Group>
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
      </Container>
      <Drawer
        opened={opened}
        onClose={close}
        size="100%"
        hiddenFrom="md"
        title={<Logo />}
        zIndex={1000}
        closeButtonProps={{ 'aria-label': 'Close navigation' }}
      >
        <Stack gap={0} component="nav" aria-label="Main">
          {PUBLIC_LINKS.map(mobileLink)}
          {session.isLoggedIn && (
            <>
              {mobileLink({ label: 'My Profile', to: paths.profile.href() })}
              {mobileLink({ label: 'Messages', to: paths.messages.href() })}
              <NavLink label="My Games" defaultOpened childrenOffset="md">
                {GAME_LINKS.map(mobileLink)}
              </NavLink>
              {session.isAdmin && (
                <NavLink label="Admin" childrenOffset="md">
                  {adminLinks(session.role).map(mobileLink)}
                </NavLink>
              )}
            </>
          )}
          <Divider my="md" />
          {session.isLoggedIn ? (
            <Button variant="default" onClick={logout}>
              Logout
            </Button>
          ) : (
            <Button component={Link} to={paths.login.href()} onClick={close}>
              Login
            </Button>
          )}
        </Stack>
      </Drawer>
    </Box>
  );
}
