import { Menu, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import classes from './Navbar.module.css';
import { NavMenuLabel } from './NavMenuLabel';
import type { NavItem } from './nav-links';

/** A desktop navigation dropdown (My Games, Admin), opened by click or hover. */
export function NavDropdown({ label, links, active }: { label: string; links: NavItem[]; active: boolean }) {
  return (
    <Menu trigger="click-hover" openDelay={50} closeDelay={150} position="bottom-start" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.link} aria-haspopup="menu" data-active={active || undefined}>
          <NavMenuLabel label={label} />
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
