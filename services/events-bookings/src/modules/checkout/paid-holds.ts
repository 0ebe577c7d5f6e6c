import type { EventMeta } from '@linksmate/platform';
import { formatCents } from '@linksmate/proto';
import type { Db, EventRow, SeatHoldRow } from '../../db/types';
import { paymentsFailure } from '../../lib/payments-client';
import { BookingNotices, replaceBookingItems, writeBooking } from '../bookings/service';
import { markHoldRefunded, updateHold } from '../seats/service';
import { promoteWaitlistEntryOf } from '../waitlist/service';
import * as repo from './repository';
import { CHECKOUT_MESSAGES, type CheckoutDeps, type PaidHoldOutcome } from './types';

/**
 * Paid holds becoming bookings, or refunds when their seats are gone: the one place either is
 * decided, for the confirm call and for `payments.payment.succeeded` alike.
 */
export class PaidHolds {
  private readonly notices: BookingNotices;

  constructor(private readonly deps: CheckoutDeps) {
    this.notices = new BookingNotices(deps.runtime);
  }

  private get db() {
    return this.deps.runtime.db;
  }

  private now(): Date {
    return this.deps.clock();
  }

  /**
   * A payment for a hold succeeded. One transaction under the event's lock, so the webhook and the
   * confirm call racing make one booking; seats gone meanwhile → the hold owes a refund
   * (`refunding`), asked of payments after commit (idempotent there: never refunded twice). Inside a
   * consumer's `tx` nothing is asked before that commits: the sweep job pays what is owed, and so
   * does the person's confirm call.
   */
  async confirmPaidHold(paymentIntentId: string, meta: EventMeta, tx?: Db): Promise<PaidHoldOutcome> {
    if (tx) return this.settlePaidHold(tx, paymentIntentId, meta);
    const settle = () => this.db.transaction((t) => this.settlePaidHold(t, paymentIntentId, meta));
    const found = await repo.holdByIntent(this.db, paymentIntentId);
    const outcome = found ? await this.deps.seats.serially(found.eventId, settle) : await settle();
    if (outcome.kind === 'refunded') await this.refund(paymentIntentId);
    return outcome;
  }

  private async settlePaidHold(tx: Db, paymentIntentId: string, meta: EventMeta): Promise<PaidHoldOutcome> {
    const found = await repo.holdByIntent(tx, paymentIntentId);
    if (!found) return { kind: 'unknown' };
    const settled = this.settledOutcome(found);
    if (settled) return settled;
    const now = this.now();
    if (found.status !== 'held' || found.expiresAt.getTime() <= now.getTime()) {
      // A lapsed hold on an event with no seat for it: refused without taking the event's seat
      // lock, side by side with other such refusals (a hot event's line stays short). Seats freed
      // a moment later only mean a refund. The event (key share) before the hold: the same order
      // as the seat lock's, so neither waits on the other in a circle.
      // (Only when refusing: a reader that went on to take the seat lock would upgrade its lock.)
      const unlocked = await repo.eventById(tx, found.eventId);
      const closed = !unlocked || !!unlocked.deletedAt || unlocked.status === 'cancelled';
      if (closed || (await this.deps.seats.available(tx, unlocked, now, found.id)) < found.seats) {
        await repo.eventKeyShared(tx, found.eventId);
        const hold = (await repo.holdByIntent(tx, paymentIntentId, true))!;
        const after = this.settledOutcome(hold);
        if (after) return after;
        return this.refundInstead(tx, unlocked, hold, now, meta);
      }
    }
    const event = await this.deps.seats.lock(tx, found.eventId);
    const hold = (await repo.holdByIntent(tx, paymentIntentId, true))!;
    const after = this.settledOutcome(hold);
    if (after) return after;
    const running = hold.status === 'held' && hold.expiresAt.getTime() > now.getTime();
    const open = !!event && !event.deletedAt && event.status !== 'cancelled';
    const existing = await repo.bookingOf(tx, hold.eventId, hold.userId);
    const reusable = !existing || existing.status === 'cancelled' || existing.status === 'rejected';
    const seatsThere =
      open && (running || (await this.deps.seats.available(tx, event, now, hold.id)) >= hold.seats);
    if (seatsThere && reusable) return this.book(tx, event!, hold, existing, now, meta);
    return this.refundInstead(tx, event, hold, now, meta);
  }

  /** A hold already decided: its decision again. */
  private settledOutcome(hold: SeatHoldRow): PaidHoldOutcome | undefined {
    if (hold.status === 'confirmed') return { kind: 'confirmed', bookingId: hold.bookingId! };
    if (hold.status === 'refunding' || hold.status === 'refunded')
      return { kind: 'refunded', bookingId: hold.bookingId };
    return undefined;
  }

  private async book(
    tx: Db,
    event: EventRow,
    hold: SeatHoldRow,
    existing: Awaited<ReturnType<typeof repo.bookingOf>>,
    now: Date,
    meta: EventMeta,
  ): Promise<PaidHoldOutcome> {
    const booking = await writeBooking(tx, existing, {
      eventId: hold.eventId,
      userId: hold.userId,
      status: 'confirmed',
      seats: hold.seats,
      notes: hold.notes,
      amountPaid: hold.total,
      currency: hold.currency,
      paymentIntentId: hold.paymentIntentId,
      now,
    });
    await replaceBookingItems(
      tx,
      booking.id,
      hold.items.map((line) => ({
        ticketTypeId: line.ticket_type_id,
        name: line.slot_type_name,
        quantity: line.quantity,
        unitPrice: line.price_per_slot,
      })),
    );
    await updateHold(tx, hold.id, { status: 'confirmed', bookingId: booking.id });
    await promoteWaitlistEntryOf(tx, hold.id);
    await this.deps.seats.settle(tx, event.id);
    await this.notices.booking(tx, 'confirmed', event, booking, existing?.status ?? null, now, meta);
    return { kind: 'confirmed', bookingId: booking.id };
  }

  /**
   * Paid, but the seats are gone (or the person holds a booking already): the hold is refunded, a
   * cancelled booking row says so in My Bookings (unless they have a live booking), and a mail tells them.
   */
  private async refundInstead(
    tx: Db,
    event: EventRow | undefined,
    hold: SeatHoldRow,
    now: Date,
    meta: EventMeta,
  ): Promise<PaidHoldOutcome> {
    let bookingId: number | null = null;
    const existing = await repo.bookingOf(tx, hold.eventId, hold.userId);
    // A live booking the person holds otherwise stays as it is; else the row says what happened.
    if (!existing || existing.status === 'cancelled' || existing.status === 'rejected') {
      const booking = await writeBooking(tx, existing, {
        eventId: hold.eventId,
        userId: hold.userId,
        status: 'cancelled',
        seats: hold.seats,
        notes: CHECKOUT_MESSAGES.refundNote,
        amountPaid: null,
        currency: hold.currency,
        paymentIntentId: hold.paymentIntentId,
        now,
      });
      bookingId = booking.id;
    }
    await updateHold(tx, hold.id, { status: 'refunding', bookingId });
    const person = await repo.userContact(tx, hold.userId);
    if (person) {
      await this.notices.mailTo(
        tx,
        person,
        hold.userId,
        'event-payment-refunded',
        {
          event_title: event?.title ?? 'the event',
          amount: formatCents(hold.total, hold.currency),
          seats: hold.seats,
        },
        meta,
      );
    }
    return { kind: 'refunded', bookingId };
  }

  /** Asks payments for an owed refund; false when it could not be done now (the sweep asks again). */
  async refund(paymentIntentId: string, bookingId?: number | null): Promise<boolean> {
    try {
      await this.deps.payments.refund(paymentIntentId, {
        reason: CHECKOUT_MESSAGES.refundNote,
        ...(bookingId ? { booking_id: bookingId } : {}),
      });
      await markHoldRefunded(this.db, paymentIntentId);
      return true;
    } catch (err) {
      this.deps.logger.error(
        { err: paymentsFailure(err), paymentIntentId },
        'checkout: refund failed, will retry',
      );
      return false;
    }
  }

  /** Refunds decided but not yet done (a consumer decided them, or payments was down): asked again. */
  async refundOwed(): Promise<number> {
    let done = 0;
    for (const hold of await repo.holdsOwingRefunds(this.db, 100))
      if (await this.refund(hold.paymentIntentId, hold.bookingId)) done++;
    return done;
  }
}
