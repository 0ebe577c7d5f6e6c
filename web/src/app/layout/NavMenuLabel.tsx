import { Group } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';

/** The face of a navigation dropdown: its label and a chevron. */
export function NavMenuLabel({ label }: { label: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      {label}
      <IconChevronDown size={14} aria-hidden />
    </Group>
  );
}
