import { adminSubtitle } from '@linksmate/proto/rules';
import { Box, Group, NavLink, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Outlet, Link as RouterLink, useLocation } from 'react-router-dom';
import { ADMIN_MENU_STATE, paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import classes from './AdminLayout.module.css';
import { PageLoader } from './AppLayout';
import { adminSectionLinks } from './admin-sections';

/** The admin area (docs/product.md#admin-sections): a sidebar of the sections the role may use, and the section beside it. */
export function AdminLayout() {
  const { role } = useSession();
  const location = useLocation();
  const links = adminSectionLinks(role);
  const isCurrent = (to: string) =>
    to === paths.admin.dashboard.href() ? location.pathname === to : location.pathname.startsWith(to);

  return (
    <Box className={classes.shell}>
      <Box component="nav" aria-label="Admin sections" className={classes.sidebar}>
        <Box className={classes.sticky}>
          <Stack gap={4} className={classes.heading}>
            <Text fw={800} size="lg">
              Admin
            </Text>
            <Text size="sm" c="dimmed">
              {adminSubtitle(role)}
            </Text>
          </Stack>
          <ScrollArea type="auto" scrollbarSize={4} className={classes.links}>
            <Box className={classes.linkList}>
              {links.map((link) => (
                <NavLink
                  key={link.section}
                  component={RouterLink}
                  to={link.to}
                  state={ADMIN_MENU_STATE}
                  label={link.label}
                  active={isCurrent(link.to)}
                  aria-current={isCurrent(link.to) ? 'page' : undefined}
                  leftSection={<link.icon size={18} aria-hidden />}
                  className={classes.link}
                  variant="light"
                />
              ))}
            </Box>
          </ScrollArea>
          <UnstyledButton component={RouterLink} to={paths.home.href()} className={classes.back}>
            <Group gap={6} wrap="nowrap">
              <IconArrowLeft size={16} aria-hidden />
              <Text size="sm">Back to App</Text>
            </Group>
          </UnstyledButton>
        </Box>
      </Box>
      <Box className={classes.content}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
