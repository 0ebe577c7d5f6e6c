import type { Event } from '@linksmate/proto';
import { Anchor, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ListTable } from '../../../components/ListTable';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import {
  hostOf,
  placeOf,
  priceOf,
  STATUS_COLOURS,
  statusLabel,
  TYPE_COLOURS,
  TYPE_LABELS,
} from './event-text';

/**
 * docs/product.md#admin-sections "Events management" list: each event opens its page in a new tab; site admins may add a
 * person to it.
 */
export function EventsTable({
  events,
  state,
  stale,
  canAddUser,
  onAddUser,
}: {
  events: Event[];
  /** What stands in for rows: loading or nothing found. */
  state: ReactNode | null;
  stale?: boolean;
  canAddUser: boolean;
  onAddUser(event: Event): void;
}) {
  return (
    <ListTable
      minWidth={980}
      columns={canAddUser ? 8 : 7}
      state={state}
      stale={stale}
      head={
        <>
          <Table.Th>Event</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th>Starts</Table.Th>
          <Table.Th>Venue</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th ta="right">Seats</Table.Th>
          <Table.Th>Price</Table.Th>
          {canAddUser && (
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          )}
        </>
      }
    >
      {events.map((event) => (
        <Table.Tr key={event.id} data-testid="admin-event">
          <Table.Td maw={280}>
            <Anchor
              href={paths.event.href(event.id)}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              fw={600}
            >
              {event.title}
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </Anchor>
            <Text size="xs" c="dimmed">
              {hostOf(event)}
            </Text>
          </Table.Td>
          <Table.Td>
            <StatusBadge color={TYPE_COLOURS[event.event_type]}>{TYPE_LABELS[event.event_type]}</StatusBadge>
          </Table.Td>
          <Table.Td>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(event.start_time)}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{placeOf(event)}</Text>
          </Table.Td>
          <Table.Td>
            <StatusBadge color={STATUS_COLOURS[event.status]}>{statusLabel(event.status)}</StatusBadge>
          </Table.Td>
          <Table.Td ta="right">
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {event.current_participant_count} / {event.capacity}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {priceOf(event)}
            </Text>
          </Table.Td>
          {canAddUser && (
            <Table.Td>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconUserPlus size={14} aria-hidden />}
                onClick={() => onAddUser(event)}
                aria-label={`Add user to ${event.title}`}
              >
                Add user
              </Button>
            </Table.Td>
          )}
        </Table.Tr>
      ))}
    </ListTable>
  );
}
