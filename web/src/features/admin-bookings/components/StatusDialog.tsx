import type { AdminBooking } from '@linksmate/proto';
import { type ADMIN_BOOKING_STATUSES, formatCents, REFUND_MESSAGES } from '@linksmate/proto/rules';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormError } from '../../../components/FormError';
import { formatDateTime } from '../../../lib/dates';
import { ADMIN_STATUS_OPTIONS, bookerOf, refundOnCancel, statusLabel } from './booking-text';

type AdminStatus = (typeof ADMIN_BOOKING_STATUSES)[number];

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
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => setStatus(booking?.booking_status ?? null), [booking]);
  const unchanged = !status || status === booking?.booking_status;
  // A confirmed booking paid by card is refunded in full when cancelled (the server does it first).
  const refund =
    booking && status === 'cancelled' && booking.booking_status === 'confirmed' ? refundOnCancel(booking) : 0;

  return (
    <Modal
      opened={booking !== null}
      onClose={busy ? () => {} : onClose}
      title="Update Status"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {booking && (
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
            value={status}
            onChange={setStatus}
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
            <Button
              disabled={unchanged}
              loading={busy}
              onClick={() => status && onUpdate(status as AdminStatus)}
            >
              Update Status
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
