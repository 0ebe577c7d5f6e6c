import type { Event } from '@linksmate/proto';
import { OFFICIAL_EVENT_TYPE } from '@linksmate/proto/rules';
import { Badge } from '@mantine/core';
import { EVENT_TYPE_LABELS } from '../event-text';

export function EventTypeChip({ type }: { type: Event['event_type'] }) {
  return (
    <Badge
      variant="light"
      color={type === OFFICIAL_EVENT_TYPE ? 'fairway' : 'blue'}
      c={type === OFFICIAL_EVENT_TYPE ? 'fairway.9' : 'blue.9'}
      style={{ textTransform: 'none' }}
    >
      {EVENT_TYPE_LABELS[type]}
    </Badge>
  );
}
