import { ADMIN_MESSAGES } from '@linksmate/proto/rules/admin';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/**
 * Spec 3's 'Access Denied' with 'Admin privileges required to access this page': what a person
 * reads at an admin address that is not theirs, with a way back to where they may be.
 */
export function AccessDenied({ backTo, backLabel }: { backTo: string; backLabel: string }) {
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
        <Button component={Link} to={backTo} variant="default" mt="sm">
          {backLabel}
        </Button>
      </Stack>
    </Center>
  );
}
