import { mayEnterAdminArea } from '@linksmate/proto/rules';
import { Button, Divider, Drawer, NavLink, Stack } from '@mantine/core';
import { Link, NavLink as RouterNavLink } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import {
  adminLinks,
  adminMenuLabel,
  GAME_LINKS,
  type NavItem,
  PUBLIC_LINKS,
  SIGNED_IN_LINKS,
} from './nav-links';
import { UnreadBadge } from './UnreadBadge';

/** Small screens: the navigation in a full-screen drawer; tapping an item closes it (docs/product.md#account-screens). */
export function MobileMenu({
  opened,
  onClose,
  onLogout,
}: {
  opened: boolean;
  onClose: () => void;
  onLogout: () => void;
}) {
  const session = useSession();
  const item = (link: NavItem) => (
    <NavLink
      key={link.to}
      component={RouterNavLink}
      to={link.to}
      end={link.end}
      label={link.label}
      rightSection={link.to === paths.messages.href() ? <UnreadBadge /> : undefined}
      onClick={onClose}
    />
  );
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size="100%"
      hiddenFrom="md"
      title={<Logo />}
      zIndex={1000}
      closeButtonProps={{ 'aria-label': 'Close navigation' }}
    >
      <Stack gap={0} component="nav" aria-label="Main">
        {PUBLIC_LINKS.map(item)}
        {session.isLoggedIn && (
          <>
            {SIGNED_IN_LINKS.map(item)}
            <NavLink label="My Games" defaultOpened childrenOffset="md">
              {GAME_LINKS.map(item)}
            </NavLink>
            {mayEnterAdminArea(session.role) && (
              <NavLink label={adminMenuLabel(session.role)} childrenOffset="md">
                {adminLinks(session.role).map(item)}
              </NavLink>
            )}
          </>
        )}
        <Divider my="md" />
        {session.isLoggedIn ? (
          <Button variant="default" onClick={onLogout}>
            Logout
          </Button>
        ) : (
          <Button component={Link} to={paths.login.href()} onClick={onClose}>
            Login
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}
