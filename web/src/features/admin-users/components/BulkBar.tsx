import { Button, Group, Paper, Text } from '@mantine/core';
import { IconBan, IconCrown, IconX } from '@tabler/icons-react';

/** docs/product.md#admin-sections: shown only while rows are selected. */
export function BulkBar({
  count,
  onBan,
  onGrant,
  onClear,
}: {
  count: number;
  onBan(): void;
  onGrant(): void;
  onClear(): void;
}) {
  return (
    <Paper withBorder radius="md" p="sm" bg="green.0" role="region" aria-label="Selected users">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fw={600} size="sm">
          {count} {count === 1 ? 'user' : 'users'} selected
        </Text>
        <Group gap="xs">
          <Button size="xs" color="red.8" leftSection={<IconBan size={14} aria-hidden />} onClick={onBan}>
            Ban Selected
          </Button>
          <Button size="xs" leftSection={<IconCrown size={14} aria-hidden />} onClick={onGrant}>
            Grant Membership
          </Button>
          <Button size="xs" variant="default" leftSection={<IconX size={14} aria-hidden />} onClick={onClear}>
            Clear Selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
