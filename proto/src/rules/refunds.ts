/** Cancelling paid bookings and giving the money back (issue 23 item 3; beyond the spec). */

/** A member cancels their own paid booking, refunded in full, until this long before its start. */
export const MEMBER_CANCEL_CUTOFF_HOURS = 24;
const HOUR_MS = 3_600_000;

/** The last moment a member may cancel their own paid booking of an event starting at `start`. */
export function memberCancelDeadline(start: Date | string): Date {
  return new Date(new Date(start).getTime() - MEMBER_CANCEL_CUTOFF_HOURS * HOUR_MS);
}

/** Whether a member may still cancel (and be refunded for) their paid booking at `now`. */
export function memberMayCancelPaid(start: Date | string, now: Date = new Date()): boolean {
  return now.getTime() <= memberCancelDeadline(start).getTime();
}

export const REFUND_MESSAGES = {
  cutoffPassed: `Paid bookings can be cancelled up to ${MEMBER_CANCEL_CUTOFF_HOURS} hours before the start. Please contact the organiser.`,
  refundFailed:
    'The refund could not be made, so the booking was not cancelled. Please try again in a moment.',
  cancelled: 'Booking cancelled and refunded',
  confirmTitle: 'Cancel this booking?',
  /** The confirm dialog's words: cancelling cannot be undone and the amount goes back to the card. */
  confirmBody: (amount: string) =>
    `Cancelling cannot be undone. ${amount} will be refunded in full to the card you paid with.`,
  /** The admin's Update Status dialog, choosing Cancelled for a booking paid by card. */
  adminCancelRefunds: (amount: string) =>
    `Cancelling this booking refunds ${amount} in full to the card it was paid with.`,
  refunded: 'Refunded',
  partiallyRefunded: 'Partly refunded',
} as const;

/** A booking whose whole payment went back to the card. */
export const isFullyRefunded = (b: { amount_paid: number | null; amount_refunded: number | null }) =>
  (b.amount_refunded ?? 0) > 0 && (b.amount_paid === null || (b.amount_refunded ?? 0) >= b.amount_paid);

/** A booking of which part of the payment went back (the booking stands). */
export const isPartiallyRefunded = (b: { amount_paid: number | null; amount_refunded: number | null }) =>
  (b.amount_refunded ?? 0) > 0 && !isFullyRefunded(b);
