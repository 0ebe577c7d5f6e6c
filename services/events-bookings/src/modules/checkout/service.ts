import { badRequest, conflict, type EventMeta, forbidden, HttpError, notFound } from '@linksmate/platform';
import {
  type Booking,
  type ConfirmSlotPaymentBody,
  type ConfirmSlotPaymentReply,
  EVENT_MESSAGES,
  type SlotPaymentIntentBody,
  type SlotPaymentIntentReply,
  unwrap,
} from '@linksmate/proto';
import type { Db, EventRow, SeatHoldRow } from '../../db/types';
import { paymentsFailure } from '../../lib/payments-client';
import { findBookingView } from '../bookings/service';
import {
  insertHold,
  releaseLapsedHolds,
  releaseOwnCheckoutHolds,
  takesCardPayment,
  updateHold,
} from '../seats/service';
import { expireOffersOf } from '../waitlist/service';
import { PaidHolds } from './paid-holds';
import { type Priced, priceSelection } from './pricing';
import * as repo from './repository';
import { CHECKOUT_MESSAGES, type CheckoutDeps, type PaidHoldOutcome } from './types';

export { CHECKOUT_MESSAGES, type CheckoutDeps, type PaidHoldOutcome } from './types';

const seatLostRefunded = () => new HttpError(409, EVENT_MESSAGES.seatLostRefunded, 'seat_lost_refunded');

/**
 * Paid joins and slot purchases: the server prices the seats, holds them for a bounded time while
 * the person pays, and confirms the booking only on the provider's word (the confirm call or
 * `payments.payment.succeeded`, whichever comes first: one booking either way). A payment for seats
 * no longer there is refunded and the person told.
 */
export class CheckoutService {
  private readonly paid: PaidHolds;

  constructor(private readonly deps: CheckoutDeps) {
    this.paid = new PaidHolds(deps);
  }

  /**
   * A payment for a hold succeeded: a booking, or a refund owed when the seats are gone (see
   * PaidHolds). Idempotent; the webhook and the confirm call racing make one booking.
   */
  confirmPaidHold(paymentIntentId: string, meta: EventMeta, tx?: Db): Promise<PaidHoldOutcome> {
    return this.paid.confirmPaidHold(paymentIntentId, meta, tx);
  }

  /** Refunds decided but not yet done (a consumer decided them, or payments was down): asked again. */
  refundOwed(): Promise<number> {
    return this.paid.refundOwed();
  }

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
    // A sold-out event is refused before its queue, as the locked check would refuse it: seats
    // held by running checkouts count until they lapse, the caller's own (given back for this one)
    // do not. A waitlist offer's seats are the caller's: that path is decided under the lock only.
    if (body.from_waitlist_offer !== true) {
      const now = this.now();
      const free =
        (await this.deps.seats.available(this.db, event, now)) +
        (await repo.ownCheckoutSeats(this.db, event.id, userId, now));
      if (free < priced.seats) throw conflict(EVENT_MESSAGES.eventFull, 'event_full');
    }

    const { hold, replaced } = await this.deps.seats.serially(event.id, () =>
      this.db.transaction((tx) =>
        this.holdSeats(tx, event.id, userId, priced, notes, body.from_waitlist_offer === true),
      ),
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
      this.deps.logger.warn({ err: paymentsFailure(err), hold: hold.id }, 'checkout: no payment intent');
      await this.release(hold.id);
      throw new HttpError(502, CHECKOUT_MESSAGES.paymentsDown, 'payments_unavailable');
    }
    await this.db.transaction((tx) => updateHold(tx, hold.id, { paymentIntentId: intent.payment_intent_id }));
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
      const hold = await updateHold(tx, offered.id, {
        ...priceFields,
        expiresAt: offered.expiresAt < holdUntil ? holdUntil : offered.expiresAt,
      });
      return { hold, replaced: [] };
    }
    const released = await releaseOwnCheckoutHolds(tx, eventId, userId);
    // A priced waitlist offer given up for a new checkout: the offer ends with it.
    await expireOffersOf(
      tx,
      released.map((h) => h.id),
    );
    if ((await this.deps.seats.available(tx, event, now)) < priced.seats)
      throw conflict(EVENT_MESSAGES.eventFull, 'event_full');
    const hold = await insertHold(tx, {
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
      await updateHold(tx, holdId, { status: 'released' });
      await this.deps.seats.freed(tx, hold.eventId);
    });
  }

  private async cancelQuietly(paymentIntentId: string): Promise<void> {
    try {
      await this.deps.payments.cancel(paymentIntentId);
    } catch (err) {
      this.deps.logger.warn(
        { err: paymentsFailure(err), paymentIntentId },
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
        this.deps.logger.warn({ err: paymentsFailure(err) }, 'checkout: payment status unknown');
        throw new HttpError(502, CHECKOUT_MESSAGES.paymentStatusUnknown, 'payments_unavailable');
      }
      if (status !== 'succeeded')
        throw new HttpError(402, EVENT_MESSAGES.paymentNotSucceeded, 'payment_not_succeeded');
    }
    // Notes sent with the confirmation (docs/product.md#community-calls) count when the checkout had none.
    const notes = unwrap(body.notes);
    if (notes && !hold.notes && hold.status !== 'confirmed') await updateHold(this.db, hold.id, { notes });
    const outcome = await this.confirmPaidHold(body.paymentIntentId, meta);
    if (outcome.kind !== 'confirmed') throw seatLostRefunded();
    return { message: CHECKOUT_MESSAGES.confirmed, booking: await this.booking(outcome.bookingId) };
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
        const lapsed = await releaseLapsedHolds(tx, eventId, now);
        await expireOffersOf(
          tx,
          lapsed.map((h) => h.id),
        );
        if (lapsed.length) await this.deps.seats.freed(tx, eventId);
        return lapsed;
      });
      count += released.length;
      for (const hold of released) if (hold.paymentIntentId) await this.cancelQuietly(hold.paymentIntentId);
    }
    return count;
  }

  /** The booking as My Bookings shows it (the bookings module's one reading of it). */
  private async booking(id: number): Promise<Booking> {
    const booking = await findBookingView(this.db, id);
    if (!booking) throw notFound(EVENT_MESSAGES.bookingNotFound, 'booking_not_found');
    return booking;
  }
}
