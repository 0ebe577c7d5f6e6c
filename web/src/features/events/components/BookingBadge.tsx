import type { BookingStatus } from '@linksmate/proto/rules';
import { Badge } from '@mantine/core';

/** Spec 2: confirmed 'Joined', pending 'Pending', rejected 'Rejected'; other states show nothing. */
const BADGES: Partial<Record<BookingStatus, { label: string; color: string }>> = {
  confirmed: { label: 'Joined', color: 'green.9' },
  pending: { label: 'Pending', color: 'yellow.9' },
  rejected: { label: 'Rejected', color: 'red.9' },
};

export function BookingBadge({ status }: { status: BookingStatus | null }) {
  const badge = status ? BADGES[status] : undefined;
  if (!badge) return null;
  return (
    <Badge color={badge.color} variant="light" style={{ textTransform: 'none' }} data-testid="booking-badge">
      {badge.label}
    </Badge>
  );
}
