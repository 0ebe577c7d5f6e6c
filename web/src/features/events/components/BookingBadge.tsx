import type { BookingStatus } from '@linksmate/proto/rules';
import { Badge } from '@mantine/core';

/** Spec 2: confirmed 'Joined', pending 'Pending', rejected 'Rejected'; other states show nothing. */
// The text colours are dark enough to read on the light badges (WCAG AA, 4.5:1).
const BADGES: Partial<Record<BookingStatus, { label: string; color: string; text: string }>> = {
  confirmed: { label: 'Joined', color: 'green', text: '#1e5631' },
  pending: { label: 'Pending', color: 'yellow', text: '#6b4200' },
  rejected: { label: 'Rejected', color: 'red', text: '#8a1c1c' },
};

export function BookingBadge({ status }: { status: BookingStatus | null }) {
  const badge = status ? BADGES[status] : undefined;
  if (!badge) return null;
  return (
    <Badge
      color={badge.color}
      c={badge.text}
      variant="light"
      style={{ textTransform: 'none' }}
      data-testid="booking-badge"
    >
      {badge.label}
    </Badge>
  );
}
