import { Badge, Group } from '@mantine/core';

/**
 * A venue's status chips: Verified or Unverified, Active or Inactive (spec 3), and whether a venue
 * someone submitted still waits for review or was rejected. Shades dark enough to read at WCAG AA.
 */
export function VenueStatusBadges({
  venue,
  size = 'sm',
}: {
  venue: { is_verified: boolean; is_active: boolean; review_status?: string };
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Group gap={4}>
      {venue.is_verified ? (
        <Badge size={size} variant="filled" color="fairway.8">
          Verified
        </Badge>
      ) : (
        <Badge size={size} variant="outline" color="gray.7">
          Unverified
        </Badge>
      )}
      {venue.is_active ? (
        <Badge size={size} variant="light" color="blue">
          Active
        </Badge>
      ) : (
        <Badge size={size} variant="outline" color="red.8">
          Inactive
        </Badge>
      )}
      {venue.review_status === 'pending' && (
        <Badge size={size} variant="filled" color="sand.8">
          Pending review
        </Badge>
      )}
      {venue.review_status === 'rejected' && (
        <Badge size={size} variant="filled" color="red.8">
          Rejected
        </Badge>
      )}
    </Group>
  );
}
