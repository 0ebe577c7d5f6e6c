import type { BookingStatus } from '@linksmate/proto/rules';
import { Badge } from '@mantine/core';

/** A booking's status, in words and a colour readable on its light background. */
const STATUSES: Record<BookingStatus, { label: string; color: string }> = {
  confirmed: { label: 'Confirmed', color: 'green' },
  pending: { label: 'Pending', color: 'yellow' },
  rejected: { label: 'Rejected', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  completed: { label: 'Completed', color: 'blue' },
  no_show: { label: 'No show', color: 'gray' },
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { label, color } = STATUSES[status];
  return (
    <Badge
      color={color}
      c={`${color}.9`}
      variant="light"
      style={{ textTransform: 'none' }}
      data-testid="booking-status"
      data-status={status}
    >
      {label}
    </Badge>
  );
}
