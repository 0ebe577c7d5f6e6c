import type { AdminBooking } from '@linksmate/proto';
import { formatCents, REFUND_MESSAGES } from '@linksmate/proto/rules';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { FormError } from '../../../components/FormError';
import { formatDateTime } from '../../../lib/dates';
import {
  ADMIN_STATUS_OPTIONS,
  type AdminStatus,
  bookerOf,
  refundOnCancel,
  statusChange,
  statusLabel,
} from './booking-text';

/**
 * docs/product.md#admin-sections, #admin-states 'Update Status': any of pending, confirmed, completed, cancelled, no_show; the update
 * button stays disabled while the choice is the booking's current status.
 */
export function StatusDialog({
  booking,
  busy,
  error,
  onUpdate,
  onClose,
}: {
  booking: AdminBooking | null;
  busy: boolean;
  error: string | null;
  onUpdate(status: AdminStatus): void;
  onClose(): void;
}) {
  const form = useForm<{ status: string | null }>({ mode: 'controlled', initialValues: { status: null } });
  // Each booking opened starts at its own status.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only another booking resets the form
  useEffect(() => {
    form.setInitialValues({ status: booking?.booking_status ?? null });
    form.reset();
  }, [booking]);
  const { status } = form.values;
  const change = booking ? statusChange(booking.booking_status, status) : null;
  // A confirmed booking paid by card is refunded in full when cancelled (the server does it first).
  const refund =
    booking && change === 'cancelled' && booking.booking_status === 'confirmed' ? refundOnCancel(booking) : 0;

  return (
    <Modal
      opened={booking !== null}
      onClose={busy ? () => {} : onClose}
      title="Update Status"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {booking && (
        <form
          onSubmit={form.onSubmit(() => {
            if (change) onUpdate(change);
          })}
          noValidate
        >
          <Stack gap="md">
            <div>
              <Text fw={600}>{booking.event_title}</Text>
              <Text size="sm" c="dimmed">
                {formatDateTime(booking.event_start_time)} · {bookerOf(booking)}
              </Text>
              <Text size="sm" mt={4}>
                Current status: {statusLabel(booking.booking_status)}
              </Text>
            </div>
            <Select
              label="Status"
              data={ADMIN_STATUS_OPTIONS}
              {...form.getInputProps('status')}
              allowDeselect={false}
              placeholder="Choose a status"
              comboboxProps={{ withinPortal: true }}
            />
            {refund > 0 && (
              <Text size="sm" data-testid="refund-notice">
                {REFUND_MESSAGES.adminCancelRefunds(formatCents(refund, booking.currency ?? undefined))}
              </Text>
            )}
            <FormError>{error}</FormError>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={!change} loading={busy}>
                Update Status
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
