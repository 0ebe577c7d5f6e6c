import { badRequest, conflict, type EventMeta, forbidden, HttpError, notFound } from '@linksmate/platform';
import {
  type Booking,
  BookingConfirmed,
  type ConfirmSlotPaymentBody,
  type ConfirmSlotPaymentReply,
  EmailRequested,
  EVENT_MESSAGES,
  formatCents,
  type SlotPaymentIntentBody,
  type SlotPaymentIntentReply,
  unwrap,
} from '@linksmate/proto';
import type { Logger } from 'pino';
import type { ModuleContext } from '../../context';
import type { Db, EventRow, SeatHoldRow } from '../../db/types';
import type { PaymentsClient } from '../../lib/payments-client';
import { type Seats, takesCardPayment } from '../seats/service';
import { type Priced, priceSelection } from './pricing';
import * as repo from './repository';

export const CHECKOUT_MESSAGES = {
  confirmed: 'Your booking is confirmed.',
  paymentsDown: 'Failed to initialize payment. Please try again.',
  paymentStatusUnknown: 'An unexpected error occurred. Please try again.',
  otherEvent: 'This payment is for another event.',
  refundNote: 'Refunded: the seat was no longer available',
} as const;

export interface CheckoutDeps extends ModuleContext {
  seats: Seats;
  payments: PaymentsClient;
  logger: Logger;
}

/** What became of a paid hold: a confirmed booking, or a refund because the seats were gone. */
export type PaidHoldOutcome =
  | { kind: 'confirmed'; bookingId: number }
  | { kind: 'refunded'; bookingId: number | null }
  | { kind: 'unknown' };

const seatLostRefunded = () => new HttpError(409, EVENT_MESSAGES.seatLostRefunded, 'seat_lost_refunded');

/**
 * Paid joins and slot purchases: the server prices the seats, holds them for a bounded time while
 * the person pays, and confirms the booking only on the provider's word (the confirm call or
 * `payments.payment.succeeded`, whichever comes first: one booking either way). A payment for seats
 * no longer there is refunded and the person told.
 */
export class CheckoutService {
  constructor(private readonly deps: CheckoutDeps) {}

  private get db() {
    return this.deps.runtime.db;
  }

  private now(): Date {
    return this.deps.clock();
  }

  /** The event, open for joining by card now: 404, 409 otherwise. */
  private async joinableEvent(eventId: number): Promise<EventRow> {
    const event = await repo.eventById(this.db, eventId);
    if (!event || event.deletedAt) throw notFound(EVENT_MESSAGES.eventNotFound, 'event_not_found');
    this.refuseClosed(event);
    if (!(await takesCardPayment(this.db, event)))
      throw conflict(EVENT_MESSAGES.freeEventNoCheckout, 'free_event');
    return event;
  }

  private refuseClosed(event: EventRow): void {
    if (event.status === 'cancelled') throw conflict(EVENT_MESSAGES.eventCancelled, 'event_cancelled');
    if (event.status === 'completed' || event.startTime.getTime() <= this.now().getTime())
      throw conflict(EVENT_MESSAGES.eventPast, 'event_past');
  }

  async createIntent(
    userId: number,
    body: SlotPaymentIntentBody,
    meta: EventMeta,
  ): Promise<SlotPaymentIntentReply> {
    const event = await this.joinableEvent(body.event_id);
    const existing = await repo.bookingOf(this.db, event.id, userId);
    if (existing && (existing.status === 'confirmed' || existing.status === 'pending'))
      throw conflict(EVENT_MESSAGES.alreadyJoined, 'already_joined');
    const priced = priceSelection(
      event,
      await repo.activeTicketTypes(this.db, event.id),
      body.slot_selections,
    );
    if (priced.total < 1) throw conflict(EVENT_MESSAGES.freeEventNoCheckout, 'free_event');
    if (body.total_amount !== priced.total)
      throw conflict(EVENT_MESSAGES.totalMismatch, 'total_mismatch', {
        total_amount: EVENT_MESSAGES.totalMismatch,
      });
    const notes = unwrap(body.notes) ?? null;

    const { hold, replaced } = await this.db.transaction((tx) =>
      this.holdSeats(tx, event.id, userId, priced, notes, body.from_waitlist_offer === true),
    );
    for (const intent of replaced) void this.cancelQuietly(intent);

    let intent: { payment_intent_id: string; client_secret: string | null };
    try {
      intent = await this.deps.payments.createIntent(
        {
          user_id: userId,
          purpose: priced.slots ? 'event_slots' : 'event_join',
          amount: priced.total,
          gst_amount: priced.gst,
          currency: priced.currency,
          description: `${event.title}: ${priced.seats} ${priced.seats === 1 ? 'seat' : 'seats'} (incl. GST)`,
          metadata: { event_id: event.id, hold_id: hold.id, seats: priced.seats },
          idempotency_key: `event-hold-${hold.id}`,
        },
        meta.correlationId,
      );
      if (!intent.client_secret) throw new Error('payments gave no client secret');
    } catch (err) {
      this.deps.logger.warn({ err: (err as Error).message, hold: hold.id }, 'checkout: no payment intent');
      await this.release(hold.id);
      throw new HttpError(502, CHECKOUT_MESSAGES.paymentsDown, 'payments_unavailable');
    }
    await this.db.transaction((tx) =>
      repo.updateHold(tx, hold.id, { paymentIntentId: intent.payment_intent_id }),
    );
    return {
      client_secret: intent.client_secret!,
      payment_intent_id: intent.payment_intent_id,
      hold_expires_at: hold.expiresAt.toISOString(),
      slots: priced.lines,
      subtotal: priced.subtotal,
      gst_amount: priced.gst,
      total_amount: priced.total,
      currency: priced.currency,
    };
  }

  /** Under the event's lock: the caller's earlier checkout gives way, then the seats must be free. */
  private async holdSeats(
    tx: Db,
    eventId: number,
    userId: number,
    priced: Priced,
    notes: string | null,
    fromOffer: boolean,
  ): Promise<{ hold: SeatHoldRow; replaced: string[] }> {
    const event = await this.deps.seats.lock(tx, eventId);
    if (!event || event.deletedAt) throw notFound(EVENT_MESSAGES.eventNotFound, 'event_not_found');
    this.refuseClosed(event);
    const now = this.now();
    const priceFields = {
      seats: priced.seats,
      items: priced.lines,
      subtotal: priced.subtotal,
      gstAmount: priced.gst,
      total: priced.total,
      currency: priced.currency,
      notes,
    };
    const holdUntil = new Date(now.getTime() + this.deps.config.SEAT_HOLD_MINUTES * 60_000);
    if (fromOffer) {
      const offered = await repo.offeredHold(tx, eventId, userId, now);
      if (!offered) throw conflict(EVENT_MESSAGES.noOffer, 'no_offer');
      if ((await this.deps.seats.available(tx, event, now, offered.id)) < priced.seats)
        throw conflict(EVENT_MESSAGES.eventFull, 'event_full');
      const hold = await repo.updateHold(tx, offered.id, {
        ...priceFields,
        expiresAt: offered.expiresAt < holdUntil ? holdUntil : offered.expiresAt,
      });
      return { hold, replaced: [] };
    }
    const released = await repo.releaseOwnCheckoutHolds(tx, eventId, userId);
    if ((await this.deps.seats.available(tx, event, now)) < priced.seats)
      throw conflict(EVENT_MESSAGES.eventFull, 'event_full');
    const hold = await repo.insertHold(tx, {
      ...priceFields,
      eventId,
      userId,
      status: 'held',
      expiresAt: holdUntil,
    });
    const releasedSeats = released.reduce((sum, h) => sum + h.seats, 0);
    if (releasedSeats > priced.seats) await this.deps.seats.freed(tx, eventId);
    return { hold, replaced: released.flatMap((h) => (h.paymentIntentId ? [h.paymentIntentId] : [])) };
  }

  /** A hold that will not be paid: its seats go back (and to the waitlist, if it listens). */
  private async release(holdId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const hold = await repo.holdById(tx, holdId);
      if (!hold) return;
      await this.deps.seats.lock(tx, hold.eventId);
      await repo.updateHold(tx, holdId, { status: 'released' });
      await this.deps.seats.freed(tx, hold.eventId);
    });
  }

  private async cancelQuietly(intentId: string): Promise<void> {
    try {
      await this.deps.payments.cancel(intentId);
    } catch (err) {
      this.deps.logger.warn(
        { err: (err as Error).message, intentId },
        'checkout: cancelling an intent failed',
      );
    }
  }

  /** The browser says the card was paid: the provider's status (through payments) decides. */
  async confirm(
    userId: number,
    body: ConfirmSlotPaymentBody,
    meta: EventMeta,
  ): Promise<ConfirmSlotPaymentReply> {
    const hold = await repo.holdByIntent(this.db, body.paymentIntentId);
    if (!hold) throw notFound(EVENT_MESSAGES.holdNotFound, 'hold_not_found');
    if (hold.userId !== userId) throw forbidden(EVENT_MESSAGES.holdNotYours, 'hold_not_yours');
    if (hold.eventId !== body.eventId) throw badRequest(CHECKOUT_MESSAGES.otherEvent, 'event_mismatch');
    if (hold.status === 'held' || hold.status === 'released') {
      let status: string;
      try {
        status = (await this.deps.payments.status(body.paymentIntentId, meta.correlationId)).status;
      } catch (err) {
        this.deps.logger.warn({ err: (err as Error).message }, 'checkout: payment status unknown');
        throw new HttpError(502, CHECKOUT_MESSAGES.paymentStatusUnknown, 'payments_unavailable');
      }
      if (status !== 'succeeded')
        throw new HttpError(402, EVENT_MESSAGES.paymentNotSucceeded, 'payment_not_succeeded');
    }
    const outcome = await this.confirmPaidHold(body.paymentIntentId, meta);
    if (outcome.kind !== 'confirmed') throw seatLostRefunded();
    return { message: CHECKOUT_MESSAGES.confirmed, booking: await this.booking(outcome.bookingId) };
  }

  /**
   * A payment for a hold succeeded. One transaction under the event's lock, so the webhook and the
   * confirm call racing make one booking; seats gone meanwhile → the hold owes a refund
   * (`refunding`), asked of payments after commit (idempotent there: never refunded twice). Inside a
   * consumer's `tx` nothing is asked before that commits: the sweep job pays what is owed, and so
   * does the person's confirm call.
   */
  async confirmPaidHold(intentId: string, meta: EventMeta, tx?: Db): Promise<PaidHoldOutcome> {
    if (tx) return this.settlePaidHold(tx, intentId, meta);
    const outcome = await this.db.transaction((t) => this.settlePaidHold(t, intentId, meta));
    if (outcome.kind === 'refunded') await this.refund(intentId);
    return outcome;
  }

  private async settlePaidHold(tx: Db, intentId: string, meta: EventMeta): Promise<PaidHoldOutcome> {
    const found = await repo.holdByIntent(tx, intentId);
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
        const hold = (await repo.holdByIntent(tx, intentId, true))!;
        const after = this.settledOutcome(hold);
        if (after) return after;
        return this.refundInstead(tx, unlocked, hold, now, meta);
      }
    }
    const event = await this.deps.seats.lock(tx, found.eventId);
    const hold = (await repo.holdByIntent(tx, intentId, true))!;
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
    const booking = await repo.writeBooking(tx, existing, {
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
    await repo.replaceBookingItems(
      tx,
      booking.id,
      hold.items.map((line) => ({
        ticketTypeId: line.ticket_type_id,
        name: line.slot_type_name,
        quantity: line.quantity,
        unitPrice: line.price_per_slot,
      })),
    );
    await repo.updateHold(tx, hold.id, { status: 'confirmed', bookingId: booking.id });
    await repo.promoteWaitlistEntryOf(tx, hold.id);
    await this.deps.seats.settle(tx, event.id);
    await this.deps.runtime.publish(
      tx,
      this.deps.runtime.event(
        BookingConfirmed,
        {
          booking_id: booking.id,
          event_id: event.id,
          event_title: event.title,
          user_id: hold.userId,
          seats: hold.seats,
          status: 'confirmed',
          previous_status: existing?.status ?? null,
          occurred_at: now.toISOString(),
        },
        meta,
      ),
    );
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
      const booking = await repo.writeBooking(tx, existing, {
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
    await repo.updateHold(tx, hold.id, { status: 'refunding', bookingId });
    const person = await repo.userContact(tx, hold.userId);
    if (person) {
      await this.deps.runtime.publish(
        tx,
        this.deps.runtime.event(
          EmailRequested,
          {
            to: person.email,
            template: 'event-payment-refunded',
            user_id: hold.userId,
            variables: {
              username: person.firstName ?? person.username,
              event_title: event?.title ?? 'the event',
              amount: formatCents(hold.total, hold.currency),
              seats: hold.seats,
            },
          },
          meta,
        ),
      );
    }
    return { kind: 'refunded', bookingId };
  }

  /** Asks payments for an owed refund; false when it could not be done now (the sweep asks again). */
  private async refund(intentId: string): Promise<boolean> {
    try {
      await this.deps.payments.refund(intentId, { reason: CHECKOUT_MESSAGES.refundNote });
      await repo.markRefunded(this.db, intentId);
      return true;
    } catch (err) {
      this.deps.logger.error(
        { err: (err as Error).message, intentId },
        'checkout: refund failed, will retry',
      );
      return false;
    }
  }

  /** Refunds decided but not yet done (a consumer decided them, or payments was down): asked again. */
  async refundOwed(): Promise<number> {
    let done = 0;
    for (const hold of await repo.holdsOwingRefunds(this.db, 100))
      if (await this.refund(hold.paymentIntentId)) done++;
    return done;
  }

  /**
   * Holds whose time ran out: released (an offer's waitlist entry expires with it), their seats
   * freed for the waitlist, and their intents cancelled at payments (best effort: a payment that
   * succeeds anyway comes through confirmPaidHold and is booked if seats are there, else refunded).
   */
  async sweepLapsedHolds(): Promise<number> {
    const now = this.now();
    let count = 0;
    for (const eventId of await repo.eventsWithLapsedHolds(this.db, now)) {
      // The event's lock first, as every change of its seats takes it.
      const released = await this.db.transaction(async (tx) => {
        await this.deps.seats.lock(tx, eventId);
        const lapsed = await repo.releaseLapsedHolds(tx, eventId, now);
        if (lapsed.length) await this.deps.seats.freed(tx, eventId);
        return lapsed;
      });
      count += released.length;
      for (const hold of released) if (hold.paymentIntentId) await this.cancelQuietly(hold.paymentIntentId);
    }
    return count;
  }

  private async booking(id: number): Promise<Booking> {
    const row = await repo.bookingView(this.db, id);
    if (!row) throw notFound(EVENT_MESSAGES.bookingNotFound, 'booking_not_found');
    const iso = (value: Date | string) => new Date(value).toISOString();
    return {
      ...row,
      event_type: row.event_type as Booking['event_type'],
      event_start_time: iso(row.event_start_time),
      event_end_time: row.event_end_time ? iso(row.event_end_time) : null,
      booked_at: iso(row.booked_at),
      amount_paid: row.amount_paid === null ? null : Number(row.amount_paid),
    };
  }
}
