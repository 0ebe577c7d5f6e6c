import { PUBLIC_API_PREFIX } from '@linksmate/proto/http';
import {
  formatCents,
  isComplimentarySeat,
  isFullyRefunded,
  isPartiallyRefunded,
  memberMayCancelPaid,
  REFUND_MESSAGES,
} from '@linksmate/proto/rules';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import type { Booking } from '../api/get-my-bookings';
import { BookingStatusBadge } from './BookingStatusBadge';

/**
 * A booking the person may still give up: not paid by card (a complimentary seat owes nothing
 * back, as the server rules), not decided against, not over.
 */
export const cancellable = (booking: Booking, now = Date.now()) =>
  (booking.amount_paid === null || isComplimentarySeat(booking)) &&
  (booking.booking_status === 'pending' || booking.booking_status === 'confirmed') &&
  new Date(booking.event_end_time ?? booking.event_start_time).getTime() > now;

/** A confirmed booking paid by card with money still to give back, before its start: refundable by cancelling. */
export const paidCancellable = (booking: Booking, now = Date.now()) =>
  (booking.amount_paid ?? 0) > 0 &&
  !isFullyRefunded(booking) &&
  booking.booking_status === 'confirmed' &&
  new Date(booking.event_start_time).getTime() > now;

/** What cancelling gives back: everything paid not refunded yet. */
export const refundDue = (booking: Booking) => (booking.amount_paid ?? 0) - (booking.amount_refunded ?? 0);

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

/** Spec 2 "My Bookings": the event, its start, the status, when it was booked and the notes. */
export function BookingCard({ booking, onCancel }: { booking: Booking; onCancel(booking: Booking): void }) {
  const headingId = `booking-${booking.id}-title`;
  const inCalendar = booking.booking_status === 'confirmed' || booking.booking_status === 'pending';
  const paid = paidCancellable(booking);
  const pastCutoff = paid && !memberMayCancelPaid(booking.event_start_time);
  const canCancel = cancellable(booking) || paid;
  return (
    <Card withBorder shadow="xs" component="article" aria-labelledby={headingId} data-testid="booking">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Title order={2} fz="lg" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          <Anchor component={Link} to={paths.event.href(booking.event_id)} inherit>
            {booking.event_title}
          </Anchor>
        </Title>
        <BookingStatusBadge status={booking.booking_status} />
      </Group>
      <Stack gap={2} mt="xs">
        <Line label="Starts">{formatDateTime(booking.event_start_time)}</Line>
        {booking.venue_name && <Line label="Venue">{booking.venue_name}</Line>}
        <Line label="Booked">{formatDateTime(booking.booked_at)}</Line>
        {isComplimentarySeat(booking) && <Line label="Seat">Complimentary, nothing to pay</Line>}
        {booking.amount_paid !== null && !isComplimentarySeat(booking) && (
          <Line label="Paid">
            <span data-testid="booking-paid">
              {booking.seats} {booking.seats === 1 ? 'slot' : 'slots'},{' '}
              {formatCents(booking.amount_paid, booking.currency ?? undefined)}
            </span>
          </Line>
        )}
        {isFullyRefunded(booking) && (
          <Line label={REFUND_MESSAGES.refunded}>
            <span data-testid="booking-refunded">
              {formatCents(booking.amount_refunded ?? 0, booking.currency ?? undefined)} to your card
            </span>
          </Line>
        )}
        {isPartiallyRefunded(booking) && (
          <Line label={REFUND_MESSAGES.partiallyRefunded}>
            <span data-testid="booking-refunded">
              {formatCents(booking.amount_refunded ?? 0, booking.currency ?? undefined)} of{' '}
              {formatCents(booking.amount_paid ?? 0, booking.currency ?? undefined)} to your card
            </span>
          </Line>
        )}
        {booking.amount_paid === null && booking.seats > 1 && <Line label="Seats">{booking.seats}</Line>}
        {booking.notes && (
          <Line label="Notes">
            <span style={{ overflowWrap: 'anywhere' }}>{booking.notes}</span>
          </Line>
        )}
      </Stack>
      {(inCalendar || canCancel) && (
        <Group gap="xs" mt="sm">
          {inCalendar && (
            <Button
              component="a"
              href={`${PUBLIC_API_PREFIX}/events/${booking.event_id}/calendar.ics`}
              download
              size="xs"
              variant="light"
              leftSection={<IconCalendarPlus size={14} aria-hidden />}
              aria-label={`Add to calendar: ${booking.event_title}`}
            >
              Add to calendar
            </Button>
          )}
          {canCancel && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={() => onCancel(booking)}
              disabled={pastCutoff}
              aria-label={`Cancel booking: ${booking.event_title}`}
              aria-describedby={pastCutoff ? `booking-${booking.id}-cutoff` : undefined}
            >
              Cancel booking
            </Button>
          )}
          {pastCutoff && (
            <Text size="xs" c="dimmed" id={`booking-${booking.id}-cutoff`} data-testid="booking-cutoff">
              {REFUND_MESSAGES.cutoffPassed}
            </Text>
          )}
        </Group>
      )}
    </Card>
  );
}
