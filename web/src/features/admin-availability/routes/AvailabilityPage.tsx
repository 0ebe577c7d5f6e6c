import type { AvailabilitySlot } from '@linksmate/proto';
import {
  AVAILABILITY_DEFAULTS,
  AVAILABILITY_SLOT_STATUSES,
  type AvailabilitySlotStatus,
  PAGE_SIZES,
} from '@linksmate/proto/rules';
import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FilterPanel, readStatus, StatusFilter } from '../../../components/ListFilters';
import { ListOrCalendar, readView, ViewSwitch } from '../../../components/ListOrCalendar';
import { PageHeader } from '../../../components/PageHeader';
import { useVenueOptions } from '../../../entities/venue/api/get-venue-options';
import { useListAddress } from '../../../lib/address-query';
import { ApiError } from '../../../lib/api-client';
import { monthRange, rangeBounds, readMonth, readRange } from '../../../lib/date-range';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session-context';
import { useDeleteSlot } from '../api/delete-slot';
import { useMonthSlots, useSlots } from '../api/get-slots';
import { BatchDialog } from '../components/BatchDialog';
import { SlotDialog } from '../components/SlotDialog';
import { SlotsTable } from '../components/SlotsTable';
import { SLOT_STATUS_COLOURS, SLOT_TEXTS, slotStatusLabel, slotTypeLabel } from '../components/slot-form';

const LIMIT = PAGE_SIZES.adminAvailability;
/** The status filter's default (docs/product.md#admin-limits: active). */
const DEFAULT_STATUS: AvailabilitySlotStatus = AVAILABILITY_DEFAULTS.status;

type Dialog = { kind: 'new' } | { kind: 'batch' } | { kind: 'edit' | 'delete'; slot: AvailabilitySlot };

/**
 * docs/product.md#admin-sections "Manage Availability" (/admin/availability): the slots the caller may manage, as a table
 * or a month calendar, filtered by date range (today to a month later) and status (active), with
 * 'Add New Slot', Edit, Delete and batch creation. The list's state lives in the address.
 */
export function AvailabilityPage() {
  const { role } = useSession();
  // A facility admin's slots are at their venues: a new one names which.
  const needsVenue = role === 'facility_admin';
  const { params, update, page } = useListAddress();
  const view = readView(params);
  const status = readStatus(params.get('status'), AVAILABILITY_SLOT_STATUSES, DEFAULT_STATUS);
  const range = readRange(params);
  const month = readMonth(params.get('month'), range.from || undefined);

  const list = useSlots(
    { ...rangeBounds(range.from, range.to), status, limit: LIMIT, offset: (page - 1) * LIMIT },
    view === 'list',
  );
  const days = monthRange(month);
  const calendar = useMonthSlots({ ...rangeBounds(days.from, days.to), status }, view === 'calendar');

  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const venueOptions = useVenueOptions(needsVenue && (dialog?.kind === 'new' || dialog?.kind === 'batch'));
  const venues = needsVenue ? { options: venueOptions.data ?? [], loading: venueOptions.isPending } : null;
  const remove = useDeleteSlot();
  const removing = dialog?.kind === 'delete' ? dialog.slot : null;

  const rows = list.data?.slots ?? [];
  const state = list.isPending
    ? 'Loading slots...'
    : rows.length === 0
      ? 'No availability slots found'
      : null;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Manage Availability"
        subtitle="The times that can be booked: add them one at a time or in a batch, and keep their status up to date."
        actions={
          <>
            <ViewSwitch
              view={view}
              listLabel="Table"
              onChange={(next) => update({ view: next === 'calendar' ? next : null })}
            />
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setDialog({ kind: 'new' })}
            >
              Add New Slot
            </Button>
            <Button
              variant="default"
              leftSection={<IconCalendarPlus size={16} aria-hidden />}
              onClick={() => setDialog({ kind: 'batch' })}
            >
              Create in Batch
            </Button>
          </>
        }
      />

      <FilterPanel
        cols={{ base: 1, sm: 3 }}
        maw={760}
        range={view === 'list' ? range : null}
        onRange={(next) => update(next)}
      >
        <StatusFilter
          statuses={AVAILABILITY_SLOT_STATUSES}
          label={slotStatusLabel}
          value={status}
          fallback={DEFAULT_STATUS}
          onChange={(next) => update({ status: next })}
        />
      </FilterPanel>

      <ListOrCalendar
        view={view}
        noun="slots"
        failure={{ title: SLOT_TEXTS.loadFailed, withDetail: true }}
        table={
          <SlotsTable
            slots={rows}
            state={state}
            stale={list.isPlaceholderData}
            onEdit={(slot) => setDialog({ kind: 'edit', slot })}
            onDelete={(slot) => setDialog({ kind: 'delete', slot })}
          />
        }
        page={page}
        limit={LIMIT}
        month={month}
        list={list}
        calendar={calendar}
        onAddress={update}
        calendarLabel="Availability slots"
        items={(calendar.data?.slots ?? []).map((slot) => ({
          key: slot.id,
          at: slot.start_time,
          label: `${slotTypeLabel(slot.slot_type)} · ${slot.booked_count}/${slot.capacity}`,
          color: SLOT_STATUS_COLOURS[slot.status],
          onOpen: () => setDialog({ kind: 'edit', slot }),
        }))}
      />

      <SlotDialog
        opened={dialog?.kind === 'new' || dialog?.kind === 'edit'}
        slot={dialog?.kind === 'edit' ? dialog.slot : null}
        venues={venues}
        onClose={close}
      />
      <BatchDialog opened={dialog?.kind === 'batch'} venues={venues} onClose={close} />
      <ConfirmDialog
        opened={removing !== null}
        title="Delete Slot"
        message={`Are you sure you want to delete the slot of ${removing ? formatDateTime(removing.start_time) : ''}? This cannot be undone.`}
        confirmLabel="Delete Slot"
        cancelLabel="Cancel"
        danger
        busy={remove.isPending}
        onCancel={close}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: 'Slot deleted' });
              close();
            },
            onError: (error) =>
              notifications.show({
                color: 'red',
                message: `${SLOT_TEXTS.deleteFailed}${error instanceof ApiError ? `: ${error.message}` : ''}`,
              }),
          })
        }
      />
    </Stack>
  );
}
