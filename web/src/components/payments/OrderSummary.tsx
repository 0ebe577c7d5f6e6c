import { Group, Stack, Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The shaded box a checkout's order summary sits in (a membership's, a slot purchase's); with a
 * `label`, a group that screen readers name.
 */
export function OrderSummary({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <Stack
      gap={4}
      p="md"
      bg="gray.0"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      role={label ? 'group' : undefined}
      aria-label={label}
    >
      {children}
    </Stack>
  );
}

/**
 * One line of an order summary. On a narrow screen the label wraps within its own column while the
 * amount keeps to the right on the label's first line, never dropping under it.
 */
export function SummaryLine({
  label,
  amount,
  ...text
}: { label: string; amount: string } & Pick<TextProps, 'c' | 'fw' | 'size'>) {
  const textProps = { size: 'sm', ...text };
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
      <Text {...textProps} style={{ minWidth: 0 }}>
        {label}
      </Text>
      <Text {...textProps} style={{ whiteSpace: 'nowrap' }}>
        {amount}
      </Text>
    </Group>
  );
}
