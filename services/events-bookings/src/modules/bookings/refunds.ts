import { type EventMeta, HttpError } from '@linksmate/platform';
import { type EventRefundReply, REFUND_MESSAGES } from '@linksmate/proto';
import type { BookingRow, Db } from '../../db/types';
import { type PaymentsClient, paymentsFailure } from '../../lib/payments-client';
import { markHoldRefunded, type Seats } from '../seats/service';
import type { BookingNotices } from './notify';
import * as repo from './repository';

/** How the cancellation a refund makes is told: by the person or the provider, or by an admin. */
export type RefundNotice = 'cancelled' | 'status-changed';

/** What payments says went back of a payment, all told. */
export interface RefundTotals {
  amountRefunded: number;
  full: boolean;
}

/** A booking paid by card whose money has not all gone back: cancelling it refunds the rest. */
export const owesRefund = (b: BookingRow): boolean =>
  !!b.paymentIntentId && (b.amountPaid ?? 0) > 0 && (b.amountRefunded ?? 0) < (b.amountPaid ?? 0);

export interface BookingRefundsDeps {
  db: Db;
  clock: () => Date;
  seats: Seats;
  notices: BookingNotices;
  payments?: PaymentsClient;
  logger: { warn(obj: object, msg: string): void };
}

/**
 * Paid bookings given their money back. Cancelling one (its owner before the cut-off, the event's
 * organiser, an admin) asks payments for the refund first, and only when it was made cancels the
 * booking: a refund that fails leaves the booking as it was. Payments refunds once per payment
 * (the provider's idempotency key is the intent's), however many cancels race. Whatever refund
 * payments reports (its answer here, or `payments.payment.refunded` for one made in the provider's
 * dashboard) goes through `apply`: a full one cancels the booking and frees its seat for the
 * waitlist, a partial one is recorded and the booking stands. Applying one again changes nothing.
 */
export class BookingRefunds {
  constructor(private readonly deps: BookingRefundsDeps) {}

  async refundThenCancel(
    booking: BookingRow,
    notice: RefundNotice,
    reason: string,
    meta: EventMeta,
  ): Promise<void> {
    const paymentIntentId = booking.paymentIntentId!;
    let reply: EventRefundReply;
    try {
      if (!this.deps.payments) throw new Error('payments is not configured');
      reply = await this.deps.payments.refund(
        paymentIntentId,
        { reason, booking_id: booking.id },
        meta.correlationId,
      );
    } catch (err) {
      this.deps.logger.warn({ err: paymentsFailure(err), bookingId: booking.id }, 'bookings: refund failed');
      throw new HttpError(502, REFUND_MESSAGES.refundFailed, 'refund_failed');
    }
    const totals = {
      amountRefunded: reply.amount_refunded,
      full: reply.amount_refunded >= reply.amount_paid,
    };
    await this.deps.seats.serially(booking.eventId, () =>
      this.deps.db.transaction((tx) => this.apply(tx, paymentIntentId, totals, notice, meta)),
    );
  }

  /** A refund payments made, applied to the booking its payment bought (in the caller's transaction). */
  async apply(tx: Db, paymentIntentId: string, totals: RefundTotals, notice: RefundNotice, meta: EventMeta) {
    const found = await repo.bookingByIntent(tx, paymentIntentId);
    if (totals.full) await markHoldRefunded(tx, paymentIntentId);
    if (!found) return;
    const event = (await this.deps.seats.lock(tx, found.eventId))!;
    const booking = (await repo.bookingByIntent(tx, paymentIntentId, true))!;
    await repo.recordRefunded(tx, booking.id, totals.amountRefunded);
    if (!totals.full || (booking.status !== 'confirmed' && booking.status !== 'pending')) return;
    const now = this.deps.clock();
    const cancelled = await repo.setBookingStatus(tx, booking.id, 'cancelled', now);
    await this.deps.seats.settle(tx, event.id);
    await this.deps.notices.booking(tx, notice, event, cancelled, booking.status, now, meta);
    if (booking.status === 'confirmed') await this.deps.seats.freed(tx, event.id);
  }
}
