import type { AvailabilitySlot } from '@linksmate/proto';
import { formatCents } from '@linksmate/proto/rules';
import { ActionIcon, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ListTable } from '../../../components/ListTable';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../lib/dates';
import { SLOT_STATUS_COLOURS, slotStatusLabel, slotTypeLabel } from './slot-form';

const time = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit' });

/** The end as a time when on the start's day, else in full. */
function endOf(slot: AvailabilitySlot): string {
  if (!slot.end_time) return '—';
  const sameDay = new Date(slot.start_time).toDateString() === new Date(slot.end_time).toDateString();
  return sameDay ? time.format(new Date(slot.end_time)) : formatDateTime(slot.end_time);
}

/** docs/product.md#admin-sections "Manage Availability" table: when, type, price, places, status, notes, Edit and Delete. */
export function SlotsTable({
  slots,
  state,
  stale,
  onEdit,
  onDelete,
}: {
  slots: AvailabilitySlot[];
  /** What stands in for rows: loading or nothing found. */
  state: ReactNode | null;
  stale?: boolean;
  onEdit(slot: AvailabilitySlot): void;
  onDelete(slot: AvailabilitySlot): void;
}) {
  return (
    <ListTable
      minWidth={860}
      columns={8}
      state={state}
      stale={stale}
      head={
        <>
          <Table.Th>Starts</Table.Th>
          <Table.Th>Ends</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th ta="right">Price</Table.Th>
          <Table.Th ta="right">Booked</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Notes for admins</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </>
      }
    >
      {slots.map((slot) => {
        const when = formatDateTime(slot.start_time);
        return (
          <Table.Tr key={slot.id} data-testid="slot">
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {when}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {endOf(slot)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{slotTypeLabel(slot.slot_type)}</Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {slot.price === 0 ? 'Free' : formatCents(slot.price, slot.currency)}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {slot.booked_count} / {slot.capacity}
              </Text>
            </Table.Td>
            <Table.Td>
              <StatusBadge color={SLOT_STATUS_COLOURS[slot.status]}>
                {slotStatusLabel(slot.status)}
              </StatusBadge>
            </Table.Td>
            <Table.Td maw={240}>
              <Text size="sm" c={slot.notes_for_admin ? undefined : 'dimmed'} lineClamp={2}>
                {slot.notes_for_admin ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Tooltip label="Edit">
                  <ActionIcon
                    variant="default"
                    aria-label={`Edit the slot of ${when}`}
                    onClick={() => onEdit(slot)}
                  >
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Delete">
                  <ActionIcon
                    variant="default"
                    c="red.8"
                    aria-label={`Delete the slot of ${when}`}
                    onClick={() => onDelete(slot)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
