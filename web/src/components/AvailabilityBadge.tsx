import { AVAILABILITY_STATUS_LABELS, type AvailabilityStatus } from '@linksmate/proto/rules';
import { Badge, type BadgeProps } from '@mantine/core';

// Dark enough for white text at WCAG AA.
const COLOURS: Record<AvailabilityStatus, string> = {
  Available: 'fairway.8',
  Unavailable: 'gray.7',
  playing: 'blue.9',
};

/** A golfer's availability (docs/product.md#account-entities): 'Available', 'Unavailable' or 'Currently Playing'. */
export function AvailabilityBadge({ status, ...props }: { status: string } & Omit<BadgeProps, 'color'>) {
  const known = status in COLOURS ? (status as AvailabilityStatus) : null;
  return (
    <Badge color={known ? COLOURS[known] : 'gray.7'} variant="filled" data-availability={status} {...props}>
      {known ? AVAILABILITY_STATUS_LABELS[known] : status}
    </Badge>
  );
}
