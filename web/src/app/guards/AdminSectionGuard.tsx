import { ADMIN_MESSAGES, type AdminSection, mayUseAdminSection } from '@linksmate/proto/rules';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';

/**
 * A section of the admin area for the roles docs/product.md#admin-sections gives it. Another admin role reaching it by
 * its address reads 'Access Denied'; the server refuses the section's calls the same way.
 */
export function AdminSectionGuard({ section, children }: { section: AdminSection; children: ReactNode }) {
  const { role } = useSession();
  if (mayUseAdminSection(role, section)) return <>{children}</>;
  return (
    <Center py={80}>
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" color="red" variant="light">
          <IconLock size={28} aria-hidden />
        </ThemeIcon>
        <Title order={1} size="h2">
          {ADMIN_MESSAGES.accessDenied}
        </Title>
        <Text c="dimmed">{ADMIN_MESSAGES.adminPrivilegesRequired}</Text>
        <Button component={Link} to={paths.admin.dashboard.href()} variant="default" mt="sm">
          Back to the dashboard
        </Button>
      </Stack>
    </Center>
  );
}
