import { type BookingStatus, formatCents, REFUND_MESSAGES } from '@linksmate/proto/rules';
import {
  Alert,
  Button,
  Container,
  Grid,
  Pagination,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadFailure } from '../../../components/LoadStates';
import { useAddressQuery } from '../../../lib/address-query';
import { useLiveQueries } from '../../../lib/live-queries';
import { paths } from '../../../lib/paths';
import { useCancelBooking } from '../api/cancel-booking';
import { type Booking, useMyBookings } from '../api/get-my-bookings';
import { bookingsKeys } from '../api/keys';
import { applyBookingPush } from '../api/live-cache';
import { BookingCard, paidCancellable, refundDue } from '../components/BookingCard';
import { CalendarFeedCard } from '../components/CalendarFeedCard';

const LIMIT = 20;
/** Spec 2 "My Bookings": All, Confirmed, Pending, Rejected. */
const FILTERS: Array<{ value: '' | BookingStatus; label: string }> = [
  { value: '', label: 'All' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'pending', label: 'Pending' },
  { value: 'rejected', label: 'Rejected' },
];
const BOOKING_PUSHES = [
  'booking:confirmed',
  'booking:cancelled',
  'booking:status-changed',
  'join-request:approved',
  'join-request:rejected',
] as const;

const EMPTY: Record<string, string> = {
  '': "You haven't booked any events yet.",
  confirmed: 'No confirmed bookings.',
  pending: 'No bookings waiting for approval.',
  rejected: 'No rejected requests.',
};

/** Spec 2 "My Bookings" (/my-bookings), with the person's calendar feed beside the list. */
export function MyBookingsPage() {
  const { params, update } = useAddressQuery({ status: '', page: 1 });
  const status = FILTERS.find((filter) => filter.value === params.get('status'))?.value ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const bookings = useMyBookings({ status: status || undefined, limit: LIMIT, offset: (page - 1) * LIMIT });
  const cancel = useCancelBooking();
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const queryClient = useQueryClient();
  // A booking's new status is applied in place; a decision on a request lists it afresh.
  useLiveQueries(
    BOOKING_PUSHES,
    (name, payload) =>
      name.startsWith('booking:')
        ? applyBookingPush(queryClient, payload as Parameters<typeof applyBookingPush>[1])
        : [bookingsKeys.allMine()],
    [bookingsKeys.allMine()],
  );
  const totalPages = Math.max(1, Math.ceil((bookings.data?.total ?? 0) / LIMIT));

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>My Bookings</Title>
          <Text c="dimmed" mt={4}>
            The events and games you joined or asked to join, and where each request stands.
          </Text>
        </div>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <SegmentedControl
                aria-label="Show bookings"
                data={FILTERS}
                value={status}
                onChange={(value) => update({ status: value, page: 1 })}
                style={{ alignSelf: 'flex-start' }}
              />
              {cancel.isError && (
                <Alert
                  color="red"
                  variant="light"
                  role="alert"
                  withCloseButton
                  onClose={() => cancel.reset()}
                >
                  {cancel.error.message.startsWith('API error')
                    ? 'Failed to cancel your booking. Please try again.'
                    : cancel.error.message}
                </Alert>
              )}
              {bookings.isError ? (
                <LoadFailure
                  title="Failed to fetch your bookings"
                  onRetry={() => void bookings.refetch()}
                  retrying={bookings.isFetching}
                />
              ) : bookings.isPending ? (
                <Stack gap="md">
                  {[0, 1, 2].map((slot) => (
                    <Skeleton key={slot} height={130} radius="md" />
                  ))}
                </Stack>
              ) : bookings.data.bookings.length === 0 ? (
                <Stack align="center" gap="sm" py="xl" data-testid="bookings-empty">
                  <Text c="dimmed">{EMPTY[status]}</Text>
                  <Button component={Link} to={paths.events.href()} variant="light">
                    Browse events
                  </Button>
                </Stack>
              ) : (
                <Stack gap="md" data-testid="bookings" data-status={status}>
                  {bookings.data.bookings.map((booking) => (
                    <BookingCard key={booking.id} booking={booking} onCancel={setCancelling} />
                  ))}
                </Stack>
              )}
              {totalPages > 1 && (
                <Pagination
                  total={totalPages}
                  value={page}
                  onChange={(next) => update({ page: next })}
                  getControlProps={(control) => ({
                    'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
                  })}
                  style={{ alignSelf: 'center' }}
                />
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <CalendarFeedCard />
          </Grid.Col>
        </Grid>
      </Stack>
      <ConfirmDialog
        opened={cancelling !== null}
        title="Cancel this booking?"
        message={
          cancelling && paidCancellable(cancelling)
            ? REFUND_MESSAGES.confirmBody(
                formatCents(refundDue(cancelling), cancelling.currency ?? undefined),
              )
            : cancelling
              ? `You'll give up your place at ${cancelling.event_title}. To play, you'd need to join again.`
              : ''
        }
        confirmLabel="Cancel booking"
        cancelLabel="Keep booking"
        danger
        busy={cancel.isPending}
        onCancel={() => setCancelling(null)}
        onConfirm={() => {
          if (cancelling) cancel.mutate(cancelling.id, { onSettled: () => setCancelling(null) });
        }}
      />
    </Container>
  );
}
