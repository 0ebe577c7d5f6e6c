import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ComponentType } from 'react';

/** One figure in large type, with what it is and, below, what to read it with. */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  color,
}: {
  label: string;
  value: string;
  hint?: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  color: string;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text fz={28} fw={800} lh={1.1}>
            {value}
          </Text>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
        <ThemeIcon variant="light" color={color} size={40} radius="md">
          <Icon size={22} aria-hidden />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}
