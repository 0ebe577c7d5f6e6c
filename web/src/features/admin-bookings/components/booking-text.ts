import type { AdminBooking } from '@linksmate/proto';
import {
  ADMIN_BOOKING_STATUSES,
  type BookingStatus,
  formatCents,
  isComplimentarySeat,
  isFullyRefunded,
  isPartiallyRefunded,
  REFUND_MESSAGES,
} from '@linksmate/proto/rules';

/** docs/product.md#admin-errors "Bookings". */
export const BOOKING_TEXTS = {
  loadFailed: 'Failed to load bookings',
  updateFailed: 'Failed to update booking status. Please try again.',
} as const;

/** docs/product.md#admin-limits: the list's default status filter. */
export const DEFAULT_STATUS: BookingStatus = 'confirmed';
/** docs/product.md#admin-limits: the notes' preview length. */
export const NOTES_PREVIEW = 20;

const LABELS: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  completed: 'Completed',
  no_show: 'No show',
};
export const statusLabel = (status: BookingStatus) => LABELS[status] ?? status;

export const STATUS_COLOURS: Record<BookingStatus, string> = {
  pending: 'yellow',
  confirmed: 'green',
  rejected: 'red',
  cancelled: 'gray',
  completed: 'blue',
  no_show: 'orange',
};

/** docs/product.md#admin-states: the statuses an admin may set from the modal. */
export const ADMIN_STATUS_OPTIONS = ADMIN_BOOKING_STATUSES.map((value) => ({ value, label: LABELS[value] }));

export type AdminStatus = (typeof ADMIN_BOOKING_STATUSES)[number];

/**
 * The status the modal would set: one an admin may set (docs/product.md#admin-states) other than the
 * booking's own, else null (docs/product.md#admin-sections: 'Update Status' stays disabled).
 */
export const statusChange = (current: BookingStatus, chosen: string | null): AdminStatus | null =>
  chosen !== current && (ADMIN_BOOKING_STATUSES as readonly string[]).includes(chosen ?? '')
    ? (chosen as AdminStatus)
    : null;

/** The booker as the list shows them: their username, else their e-mail. */
export const bookerOf = (booking: AdminBooking) =>
  booking.user_username ? `@${booking.user_username}` : (booking.user_email ?? `User ${booking.user_id}`);

/** docs/product.md#admin-sections: a preview of the first 20 characters, with an ellipsis when there is more. */
export const notesPreview = (notes: string) =>
  notes.length > NOTES_PREVIEW ? `${notes.slice(0, NOTES_PREVIEW).trimEnd()}…` : notes;

/** The list's title by role (docs/product.md#admin-sections: 'All Platform Bookings' for site admins). */
export function bookingsTitle(role: string | null): string {
  if (role === 'coach_admin') return 'My Bookings';
  if (role === 'facility_admin') return 'Venue Bookings';
  return 'All Platform Bookings';
}

/**
 * The Paid column (docs/product.md#admin-sections: paid by card, yes or no), and a seat an admin gave at an event that
 * takes payment: nothing paid on purpose (`amount_paid` 0), not owed.
 */
export function paidLabel(
  booking: Pick<AdminBooking, 'payment_intent_id_stripe' | 'amount_paid' | 'amount_refunded' | 'currency'>,
): string {
  const refunded = formatCents(booking.amount_refunded ?? 0, booking.currency ?? undefined);
  if (isFullyRefunded(booking)) return `${REFUND_MESSAGES.refunded} ${refunded}`;
  if (isPartiallyRefunded(booking)) return `Yes, ${refunded} refunded`;
  if (booking.payment_intent_id_stripe) return 'Yes';
  return isComplimentarySeat(booking) ? 'Complimentary' : 'No';
}

/** What cancelling a booking paid by card gives back (everything not refunded yet), in cents. */
export const refundOnCancel = (
  booking: Pick<AdminBooking, 'payment_intent_id_stripe' | 'amount_paid' | 'amount_refunded'>,
): number =>
  booking.payment_intent_id_stripe
    ? Math.max(0, (booking.amount_paid ?? 0) - (booking.amount_refunded ?? 0))
    : 0;
