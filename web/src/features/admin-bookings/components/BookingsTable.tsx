import type { AdminBooking } from '@linksmate/proto';
import { Anchor, Button, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListTable } from '../../../components/ListTable';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { bookerOf, notesPreview, paidLabel, STATUS_COLOURS, statusLabel } from './booking-text';

/** docs/product.md#admin-sections: notes as a 20-character preview, the whole text in a tooltip (and for screen readers). */
function Notes({ notes }: { notes: string | null }) {
  if (!notes)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const preview = notesPreview(notes);
  if (preview === notes) return <Text size="sm">{notes}</Text>;
  return (
    <Tooltip label={notes} multiline maw={320} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Text size="sm" component="span" tabIndex={0} style={{ cursor: 'help' }}>
        <span aria-hidden>{preview}</span>
        <VisuallyHidden>{notes}</VisuallyHidden>
      </Text>
    </Tooltip>
  );
}

/**
 * docs/product.md#admin-sections "Manage Bookings" list: event, date, booker, status, paid, notes; admin and site_admin
 * also see the venue and the coach. Each row's 'Update Status' opens the modal.
 */
export function BookingsTable({
  bookings,
  state,
  stale,
  siteAdmin,
  onUpdate,
}: {
  bookings: AdminBooking[];
  /** What stands in for rows: loading or nothing found. */
  state: ReactNode | null;
  stale?: boolean;
  siteAdmin: boolean;
  onUpdate(booking: AdminBooking): void;
}) {
  return (
    <ListTable
      minWidth={siteAdmin ? 1080 : 860}
      columns={siteAdmin ? 9 : 7}
      state={state}
      stale={stale}
      head={
        <>
          <Table.Th>Event</Table.Th>
          <Table.Th>Date</Table.Th>
          <Table.Th>Booked by</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Paid</Table.Th>
          <Table.Th>Notes</Table.Th>
          {siteAdmin && <Table.Th>Venue</Table.Th>}
          {siteAdmin && <Table.Th>Coach</Table.Th>}
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </>
      }
    >
      {bookings.map((booking) => (
        <Table.Tr key={booking.id} data-testid="booking">
          <Table.Td>
            <Anchor
              href={paths.event.href(booking.event_id)}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              fw={600}
            >
              {booking.event_title}
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </Anchor>
          </Table.Td>
          <Table.Td>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(booking.event_start_time)}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {bookerOf(booking)}
            </Text>
            {booking.user_username && booking.user_email && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {booking.user_email}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <StatusBadge color={STATUS_COLOURS[booking.booking_status]}>
              {statusLabel(booking.booking_status)}
            </StatusBadge>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{paidLabel(booking)}</Text>
          </Table.Td>
          <Table.Td maw={200}>
            <Notes notes={booking.notes} />
          </Table.Td>
          {siteAdmin && (
            <Table.Td>
              <Text size="sm">{booking.venue_name ?? '—'}</Text>
            </Table.Td>
          )}
          {siteAdmin && (
            <Table.Td>
              <Text size="sm">{booking.coach_username ? `@${booking.coach_username}` : '—'}</Text>
            </Table.Td>
          )}
          <Table.Td>
            <Button
              size="xs"
              variant="default"
              onClick={() => onUpdate(booking)}
              aria-label={`Update status of ${bookerOf(booking)}’s booking for ${booking.event_title}`}
            >
              Update Status
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
