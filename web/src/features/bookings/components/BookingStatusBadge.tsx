import type { BookingStatus } from '@linksmate/proto/rules';
import { Badge } from '@mantine/core';

/** A booking's status, in words, with text dark enough to read on its light badge (WCAG AA, 4.5:1). */
const STATUSES: Record<BookingStatus, { label: string; color: string; text: string }> = {
  confirmed: { label: 'Confirmed', color: 'green', text: '#1e5631' },
  pending: { label: 'Pending', color: 'yellow', text: '#6b4200' },
  rejected: { label: 'Rejected', color: 'red', text: '#8a1c1c' },
  cancelled: { label: 'Cancelled', color: 'gray', text: '#3d434a' },
  completed: { label: 'Completed', color: 'blue', text: '#1c3d8a' },
  no_show: { label: 'No show', color: 'gray', text: '#3d434a' },
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { label, color, text } = STATUSES[status];
  return (
    <Badge
      color={color}
      c={text}
      variant="light"
      style={{ textTransform: 'none' }}
      data-testid="booking-status"
      data-status={status}
    >
      {label}
    </Badge>
  );
}
