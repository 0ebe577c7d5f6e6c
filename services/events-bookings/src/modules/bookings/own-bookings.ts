import { conflict, type EventMeta, forbidden } from '@linksmate/platform';
import {
  type BookingsReply,
  EVENT_MESSAGES,
  type JoinEventReply,
  type MyBookingsQuery,
  memberMayCancelPaid,
  REFUND_MESSAGES,
} from '@linksmate/proto';
import type { BookingNotices } from './notify';
import { type BookingRefunds, owesRefund } from './refunds';
import * as repo from './repository';
import { BOOKING_MESSAGES, bookingNotFound } from './rules';
import type { BookingsDeps } from './types';

/** A person's own bookings (docs/product.md#community-states My Bookings): the list, and cancelling one. */
export class OwnBookings {
  constructor(
    private readonly deps: BookingsDeps,
    private readonly notices: BookingNotices,
    private readonly refunds: BookingRefunds,
  ) {}

  private get db() {
    return this.deps.runtime.db;
  }

  private now(): Date {
    return this.deps.clock();
  }

  async myBookings(userId: number, query: MyBookingsQuery): Promise<BookingsReply> {
    return repo.bookingsOfUser(this.db, userId, {
      status: query.status,
      limit: query.limit ?? 20,
      offset: query.offset ?? 0,
    });
  }

  /**
   * The person cancels their own pending or confirmed booking; a freed seat goes to the waitlist.
   * A paid one is refunded in full first (the cancellation happens only when the refund was made),
   * until `MEMBER_CANCEL_CUTOFF_HOURS` before the start; the event's organiser (its creator) may
   * cancel a booking of their event, and refund it, at any time.
   */
  async cancel(bookingId: number, userId: number, meta: EventMeta): Promise<JoinEventReply> {
    const found = await repo.bookingById(this.db, bookingId);
    if (!found) throw bookingNotFound();
    const organiser =
      found.userId !== userId && (await repo.eventById(this.db, found.eventId))?.creatorUserId === userId;
    if (found.userId !== userId && !organiser)
      throw forbidden(EVENT_MESSAGES.bookingNotFound, 'not_your_booking');
    if (owesRefund(found)) {
      if (found.status !== 'confirmed')
        throw conflict(EVENT_MESSAGES.bookingNotCancellable, 'booking_not_cancellable');
      const event = (await repo.eventById(this.db, found.eventId))!;
      if (!organiser && !memberMayCancelPaid(event.startTime, this.now()))
        throw conflict(REFUND_MESSAGES.cutoffPassed, 'cancel_cutoff_passed');
      await this.refunds.refundThenCancel(
        found,
        'cancelled',
        organiser ? 'Cancelled by the organiser' : 'Cancelled by the member',
        meta,
      );
      return { message: REFUND_MESSAGES.cancelled, booking: await repo.bookingView(this.db, bookingId) };
    }
    await this.db.transaction(async (tx) => {
      const now = this.now();
      const event = (await this.deps.seats.lock(tx, found.eventId))!;
      const booking = (await repo.bookingById(tx, bookingId, true))!;
      if (booking.status !== 'pending' && booking.status !== 'confirmed')
        throw conflict(EVENT_MESSAGES.bookingNotCancellable, 'booking_not_cancellable');
      if (booking.paymentIntentId || (booking.amountPaid ?? 0) > 0)
        throw conflict(BOOKING_MESSAGES.paidNotCancellable, 'paid_booking');
      const cancelled = await repo.setBookingStatus(tx, booking.id, 'cancelled', now);
      await this.deps.seats.settle(tx, event.id);
      await this.notices.booking(tx, 'cancelled', event, cancelled, booking.status, now, meta);
      if (booking.status === 'confirmed') await this.deps.seats.freed(tx, event.id);
    });
    return { message: BOOKING_MESSAGES.cancelled, booking: await repo.bookingView(this.db, bookingId) };
  }
}
