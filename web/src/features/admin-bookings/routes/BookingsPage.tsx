import type { AdminBooking } from '@linksmate/proto';
import { BOOKING_STATUSES, type BookingStatus, isSiteAdminRole, PAGE_SIZES } from '@linksmate/proto/rules';
import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DateRangeFields } from '../../../components/DateRangeFields';
import { LoadFailure } from '../../../components/LoadStates';
import { MonthCalendar } from '../../../components/MonthCalendar';
import { ShowingPagination } from '../../../components/ShowingPagination';
import { useListAddress } from '../../../lib/address-query';
import { monthRange, rangeBounds, readMonth, readRange } from '../../../lib/date-range';
import { useSession } from '../../../lib/session-context';
import { MONTH_CAP, useBookings, useMonthBookings } from '../api/get-bookings';
import { useUpdateBookingStatus } from '../api/update-booking-status';
import { BookingsTable } from '../components/BookingsTable';
import {
  ANY_STATUS,
  BOOKING_TEXTS,
  bookerOf,
  bookingsTitle,
  DEFAULT_STATUS,
  STATUS_COLOURS,
  STATUS_FILTERS,
} from '../components/booking-text';
import { StatusDialog } from '../components/StatusDialog';

const LIMIT = PAGE_SIZES.adminBookings;

/** The status the address asks for: absent is the default (confirmed), 'all' is every status. */
function readStatus(value: string | null): BookingStatus | undefined {
  if (value === ANY_STATUS) return undefined;
  return (BOOKING_STATUSES as readonly string[]).includes(value ?? '')
    ? (value as BookingStatus)
    : DEFAULT_STATUS;
}

/**
 * Spec 3 §2 "Manage Bookings" (/admin/bookings): the bookings the server lets the caller see (every
 * one for site admins), as a list of 6 a page or a month calendar, filtered by date range (today to a
 * month later by default) and status (confirmed by default). The list's state lives in the address.
 */
export function BookingsPage() {
  const { role } = useSession();
  const siteAdmin = isSiteAdminRole(role);
  const { params, update, page } = useListAddress();
  const view = params.get('view') === 'calendar' ? 'calendar' : 'list';
  const status = readStatus(params.get('status'));
  const range = readRange(params);
  const month = readMonth(params.get('month'), range.from || undefined);

  const list = useBookings(
    { ...rangeBounds(range.from, range.to), status, limit: LIMIT, offset: (page - 1) * LIMIT },
    view === 'list',
  );
  const monthDays = monthRange(month);
  const calendar = useMonthBookings(
    { ...rangeBounds(monthDays.from, monthDays.to), status },
    view === 'calendar',
  );
  const shown = view === 'list' ? list : calendar;

  const total = list.data?.total ?? 0;
  const totalPages = Math.ceil(total / LIMIT);
  // A page past the end (an old link, or fewer bookings since) shows the last one instead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reply is the trigger
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && totalPages > 0 && page > totalPages)
      update({ page: totalPages });
  }, [list.data]);

  const [editing, setEditing] = useState<AdminBooking | null>(null);
  const [updateError, setUpdateError] = useState<string | null>(null);
  const updateStatus = useUpdateBookingStatus();
  const close = () => {
    setEditing(null);
    setUpdateError(null);
  };

  const rows = list.data?.bookings ?? [];
  const state = list.isPending ? 'Loading bookings...' : rows.length === 0 ? 'No bookings found' : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {bookingsTitle(role)}
          </Title>
          <Text c="dimmed" size="sm">
            Who booked which event, whether they paid, and where each booking stands.
          </Text>
        </Stack>
        <Group gap="sm">
          <SegmentedControl
            aria-label="View"
            value={view}
            onChange={(value) => update({ view: value === 'calendar' ? 'calendar' : null })}
            data={[
              { value: 'list', label: 'List' },
              { value: 'calendar', label: 'Calendar' },
            ]}
          />
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={shown.isFetching && !shown.isPending}
            onClick={() => void shown.refetch()}
          >
            Refresh
          </Button>
        </Group>
      </Group>

      <Paper withBorder radius="md" p="md" component="section" aria-label="Filters">
        <SimpleGrid cols={{ base: 1, sm: view === 'list' ? 3 : 2, md: 4 }} spacing="sm">
          <Select
            label="Status"
            data={STATUS_FILTERS}
            value={status ?? ANY_STATUS}
            onChange={(value) => update({ status: value === DEFAULT_STATUS ? null : (value ?? null) })}
            allowDeselect={false}
          />
          {view === 'list' && (
            <DateRangeFields
              from={range.from}
              to={range.to}
              onChange={(next) => update(next as Record<string, string>)}
            />
          )}
        </SimpleGrid>
      </Paper>

      {shown.isError ? (
        <LoadFailure
          title={BOOKING_TEXTS.loadFailed}
          detail={shown.error.message}
          onRetry={() => void shown.refetch()}
          retrying={shown.isFetching}
        />
      ) : view === 'list' ? (
        <>
          <Paper withBorder radius="md">
            <BookingsTable
              bookings={rows}
              state={state}
              stale={list.isPlaceholderData}
              siteAdmin={siteAdmin}
              onUpdate={setEditing}
            />
          </Paper>
          <ShowingPagination
            noun="bookings"
            page={page}
            limit={LIMIT}
            total={total}
            onPage={(n) => update({ page: n })}
          />
        </>
      ) : (
        <Paper withBorder radius="md" p="md">
          <MonthCalendar
            month={month}
            label="Bookings"
            busy={calendar.isFetching}
            onMonthChange={(next) => update({ month: next })}
            items={(calendar.data?.bookings ?? []).map((booking) => ({
              key: booking.id,
              at: booking.event_start_time,
              label: `${booking.event_title} · ${bookerOf(booking)}`,
              color: STATUS_COLOURS[booking.booking_status],
              onOpen: () => setEditing(booking),
            }))}
            footer={
              (calendar.data?.total ?? 0) > MONTH_CAP && (
                <Text size="sm" c="dimmed">
                  Showing the first {MONTH_CAP} of {calendar.data?.total} bookings this month.
                </Text>
              )
            }
          />
        </Paper>
      )}

      <StatusDialog
        booking={editing}
        busy={updateStatus.isPending}
        error={updateError}
        onClose={close}
        onUpdate={(next) =>
          editing &&
          updateStatus.mutate(
            { bookingId: editing.id, status: next },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: 'Booking status updated' });
                close();
              },
              onError: () => setUpdateError(BOOKING_TEXTS.updateFailed),
            },
          )
        }
      />
    </Stack>
  );
}
