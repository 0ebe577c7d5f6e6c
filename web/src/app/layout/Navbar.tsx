import { OFFICIAL_EVENT_TYPE } from '@linksmate/proto/rules';
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
import { useLogout, useSession } from '../../lib/session-context';
import classes from './Navbar.module.css';

const PUBLIC_LINKS = [
  { label: 'Find Players', to: '/players' },
  { label: 'Find Coaches', to: '/find-coaches' },
  { label: 'Events', to: '/events' },
  { label: 'Venues', to: '/venues' },
];

const GAME_LINKS = [
  { label: 'Create Game', to: '/create-game' },
  { label: 'My Created Games', to: '/my-games' },
  { label: 'My Bookings', to: '/my-bookings' },
];

const CREATE_EVENT_PATH = `/admin/create-${OFFICIAL_EVENT_TYPE.replace('_event', '')}-event`;

/** Spec 1 §2.2: the admin menu, by role. */
function adminLinks(role: string | null) {
  const links = [{ label: 'Admin Dashboard', to: '/admin' }];
  if (role === 'admin') links.push({ label: 'Create LinksMate Event', to: CREATE_EVENT_PATH });
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
          <Link to="/" aria-label="LinksMate home" className={classes.brand}>
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
                <RouterNavLink to="/profile" className={classes.link}>
                  My Profile
                </RouterNavLink>
                <RouterNavLink to="/messages" className={classes.link}>
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
              <Button component={Link} to="/login">
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
              {mobileLink({ label: 'My Profile', to: '/profile' })}
              {mobileLink({ label: 'Messages', to: '/messages' })}
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
            <Button component={Link} to="/login" onClick={close}>
              Login
            </Button>
          )}
        </Stack>
      </Drawer>
    </Box>
  );
}
