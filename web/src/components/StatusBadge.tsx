import { Badge } from '@mantine/core';

/**
 * A status as a pale badge in its colour, its words in the body's dark (a light badge's own tinted
 * text falls below WCAG AA for green, yellow and orange), never cut short by a narrow column.
 */
export function StatusBadge({ color, children }: { color: string; children: string }) {
  return (
    <Badge variant="light" color={color} c="dark.7" tt="none" miw="max-content" fw={600}>
      {children}
    </Badge>
  );
}
