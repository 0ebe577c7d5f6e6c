import type { AdminBooking } from '@linksmate/proto';
import { BOOKING_STATUSES, isSiteAdminRole, PAGE_SIZES } from '@linksmate/proto/rules';
import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FilterPanel, readStatus, StatusFilter } from '../../../components/ListFilters';
import { ListOrCalendar, readView, ViewSwitch } from '../../../components/ListOrCalendar';
import { PageHeader, RefreshButton } from '../../../components/PageHeader';
import { useListAddress } from '../../../lib/address-query';
import { ApiError } from '../../../lib/api-client';
import { monthRange, rangeBounds, readMonth, readRange } from '../../../lib/date-range';
import { useSession } from '../../../lib/session-context';
import { useBookings, useMonthBookings } from '../api/get-bookings';
import { useUpdateBookingStatus } from '../api/update-booking-status';
import { BookingsTable } from '../components/BookingsTable';
import {
  BOOKING_TEXTS,
  bookerOf,
  bookingsTitle,
  DEFAULT_STATUS,
  STATUS_COLOURS,
  statusLabel,
} from '../components/booking-text';
import { StatusDialog } from '../components/StatusDialog';

const LIMIT = PAGE_SIZES.adminBookings;

/**
 * docs/product.md#admin-sections "Manage Bookings" (/admin/bookings): the bookings the server lets the caller see (every
 * one for site admins), as a list of 6 a page or a month calendar, filtered by date range (today to a
 * month later by default) and status (confirmed by default). The list's state lives in the address.
 */
export function BookingsPage() {
  const { role } = useSession();
  const siteAdmin = isSiteAdminRole(role);
  const { params, update, page } = useListAddress();
  const view = readView(params);
  const status = readStatus(params.get('status'), BOOKING_STATUSES, DEFAULT_STATUS);
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
      <PageHeader
        title={bookingsTitle(role)}
        subtitle="Who booked which event, whether they paid, and where each booking stands."
        actions={
          <>
            <ViewSwitch
              view={view}
              onChange={(next) => update({ view: next === 'calendar' ? next : null })}
            />
            <RefreshButton query={shown} />
          </>
        }
      />

      <FilterPanel
        cols={{ base: 1, sm: view === 'list' ? 3 : 2, md: 4 }}
        range={view === 'list' ? range : null}
        onRange={(next) => update(next)}
      >
        <StatusFilter
          statuses={BOOKING_STATUSES}
          label={statusLabel}
          value={status}
          fallback={DEFAULT_STATUS}
          onChange={(next) => update({ status: next })}
        />
      </FilterPanel>

      <ListOrCalendar
        view={view}
        noun="bookings"
        failure={{ title: BOOKING_TEXTS.loadFailed, withDetail: true }}
        table={
          <BookingsTable
            bookings={rows}
            state={state}
            stale={list.isPlaceholderData}
            siteAdmin={siteAdmin}
            onUpdate={setEditing}
          />
        }
        page={page}
        limit={LIMIT}
        month={month}
        list={list}
        calendar={calendar}
        onAddress={update}
        calendarLabel="Bookings"
        items={(calendar.data?.bookings ?? []).map((booking) => ({
          key: booking.id,
          at: booking.event_start_time,
          label: `${booking.event_title} · ${bookerOf(booking)}`,
          color: STATUS_COLOURS[booking.booking_status],
          onOpen: () => setEditing(booking),
        }))}
      />

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
              // A refund that could not be made says so (the booking stays as it was).
              onError: (err) =>
                setUpdateError(
                  err instanceof ApiError && err.code === 'refund_failed'
                    ? err.message
                    : BOOKING_TEXTS.updateFailed,
                ),
            },
          )
        }
      />
    </Stack>
  );
}
