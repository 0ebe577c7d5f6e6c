import type { BookingStatus } from '@linksmate/proto/rules';
import { Badge } from '@mantine/core';

/** Spec 2: confirmed 'Joined', pending 'Pending', rejected 'Rejected'; other states show nothing. */
const BADGES: Partial<Record<BookingStatus, { label: string; color: string }>> = {
  confirmed: { label: 'Joined', color: 'green' },
  pending: { label: 'Pending', color: 'yellow' },
  rejected: { label: 'Rejected', color: 'red' },
};

export function BookingBadge({ status }: { status: BookingStatus | null }) {
  const badge = status ? BADGES[status] : undefined;
  if (!badge) return null;
  return (
    <Badge
      color={badge.color}
      c={`${badge.color}.9`}
      variant="light"
      style={{ textTransform: 'none' }}
      data-testid="booking-badge"
    >
      {badge.label}
    </Badge>
  );
}
