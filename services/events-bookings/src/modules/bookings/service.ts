import { conflict, type EventMeta, forbidden, invalidFields, notFound } from '@linksmate/platform';
import {
  type AccessTokenClaims,
  type AddUserToEventBody,
  type AdminBooking,
  type AdminBookingStatusBody,
  type AdminBookingsQuery,
  type AdminBookingsReply,
  type BookingsReply,
  EVENT_MESSAGES,
  isSiteAdminRole,
  type JoinEventBody,
  type JoinEventReply,
  type JoinRequestDecisionReply,
  type JoinRequestsReply,
  type MyBookingsQuery,
  memberMayCancelPaid,
  REFUND_MESSAGES,
  scopedAdminsMayChange,
  unwrap,
} from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { BookingRow, Db, EventRow } from '../../db/types';
import type { AdminScope } from '../../lib/admin-scope';
import { timeRange } from '../../lib/list-filters';
import type { PaymentsClient } from '../../lib/payments-client';
import type { Projections } from '../projections/service';
import { type Outcome, oweRefunds, type Seats, takesCardPayment } from '../seats/service';
import { BookingNotices } from './notify';
import { BookingRefunds, owesRefund, type RefundTotals } from './refunds';
import * as repo from './repository';
import {
  BOOKING_MESSAGES,
  eventFull,
  eventNotFound,
  notCreator,
  refuseClosed,
  refuseExisting,
  refuseOutsideGate,
  refuseOwnGame,
} from './rules';

// What the waitlist shares with joining (modules reach each other through their service).
export { BookingNotices } from './notify';
export { bookingOf, findBookingView, pendingCount, userById, writeBooking } from './repository';
export { isPast, refuseClosed, refuseExisting, refuseOutsideGate, refuseOwnGame } from './rules';

export interface BookingsDeps extends ModuleContext {
  seats: Seats;
  /** Who may see and change which bookings in the admin area (`adminScope`). */
  projections: Projections;
  /** membership-payments, which refunds paid bookings when they are cancelled. */
  payments?: PaymentsClient;
}

/** A join that passed the rules unlocked, waiting for the event's turn. */
interface JoinAsk {
  userId: number;
  notes: string | null;
  meta: EventMeta;
}

/** Joins of one event decided under one lock and commit at most (the lock is held that long). */
const JOINS_PER_TURN = 32;

const bookingNotFound = () => notFound(EVENT_MESSAGES.bookingNotFound, 'booking_not_found');

/**
 * Joining events, join requests and bookings (spec 2 §§3, 4, 7). Every change of who holds a
 * seat runs under the event's lock (Seats.lock), so the last seat is never given twice.
 */
export class BookingsService {
  private readonly notices: BookingNotices;
  private readonly refunds: BookingRefunds;
  private readonly joins;

  constructor(private readonly deps: BookingsDeps) {
    this.joins = deps.seats.batches<JoinAsk, BookingRow>(
      (eventId, asks) => this.joinTogether(eventId, asks),
      JOINS_PER_TURN,
    );
    this.notices = new BookingNotices(deps.runtime);
    this.refunds = new BookingRefunds({
      db: deps.runtime.db,
      clock: deps.clock,
      seats: deps.seats,
      notices: this.notices,
      payments: deps.payments,
      logger: deps.runtime.logger,
    });
  }

  /**
   * A refund payments reports (`payments.payment.refunded`: one this service asked for, or one made
   * in the provider's dashboard), in the delivery's transaction: a full one cancels the booking and
   * frees its seat, a partial one is recorded. Idempotent.
   */
  applyRefund(tx: Db, intentId: string, totals: RefundTotals, meta: EventMeta): Promise<void> {
    return this.refunds.apply(tx, intentId, totals, 'cancelled', meta);
  }

  private get db() {
    return this.deps.runtime.db;
  }

  private now(): Date {
    return this.deps.clock();
  }

  /**
   * Join (spec 2 "Event detail"): a member game takes a join request for its creator to decide; an
   * open free official event confirms the seat at once. Paid events go through the checkout.
   */
  async join(eventId: number, userId: number, body: JoinEventBody, meta: EventMeta): Promise<JoinEventReply> {
    const notes = unwrap(body.notes)?.trim() || null;
    // Every refusal (a full event above all) is found first without the event's queue or lock: a
    // crowd at a sold-out event hears "full" at once instead of waiting its turn to hear it. What
    // passes is decided again under the lock, where the last seats are given (never twice).
    await this.refuseJoin(this.db, eventId, userId, this.now());
    const booking = await this.joins.add(eventId, { userId, notes, meta });
    return {
      message: booking.status === 'pending' ? BOOKING_MESSAGES.requestSent : BOOKING_MESSAGES.joined,
      booking: await repo.bookingView(this.db, booking.id),
    };
  }

  /**
   * In the event's turn, the joins gathered while it waited, under one lock and one commit: for each
   * in arrival order the rules again, then the seat or the request. Each has its own savepoint, so a
   * refusal or a failure answers that person alone.
   */
  private joinTogether(eventId: number, asks: JoinAsk[]): Promise<Array<Outcome<BookingRow>>> {
    return this.db.transaction(async (tx) => {
      await this.deps.seats.lock(tx, eventId);
      const outcomes: Array<Outcome<BookingRow>> = [];
      for (const { userId, notes, meta } of asks) {
        try {
          const booking = await tx.transaction(async (one) => {
            const now = this.now();
            const { event, existing } = await this.refuseJoin(one, eventId, userId, now);
            return event.eventType === 'member_game'
              ? this.request(one, event, existing, userId, notes, now, meta)
              : this.confirm(one, event, existing, userId, notes, now, meta);
          });
          outcomes.push({ ok: true, value: booking });
        } catch (error) {
          outcomes.push({ ok: false, error });
        }
      }
      return outcomes;
    });
  }

  /** Every rule of joining, in the order a person hears them; the booking to reuse, if any. */
  private async refuseJoin(
    db: Db,
    eventId: number,
    userId: number,
    now: Date,
  ): Promise<{ event: EventRow; existing: BookingRow | undefined }> {
    const facts = await repo.joinFacts(db, eventId, userId, now);
    const event = facts?.event;
    refuseClosed(event, now);
    if (facts!.paid) throw conflict(EVENT_MESSAGES.paidEventUsesCheckout, 'card_payment_required');
    refuseOwnGame(event, userId);
    refuseExisting(facts!.existing);
    refuseOutsideGate(event, facts!.person);
    if (this.deps.seats.free(event, facts!.taken) < 1) throw eventFull();
    return { event, existing: facts!.existing };
  }

  /** A pending join request for the game's creator (the waitlist makes them too). */
  async request(
    tx: Db,
    event: EventRow,
    existing: BookingRow | undefined,
    userId: number,
    notes: string | null,
    now: Date,
    meta?: EventMeta,
  ): Promise<BookingRow> {
    const booking = await repo.writeBooking(tx, existing, {
      eventId: event.id,
      userId,
      status: 'pending',
      notes,
      now,
    });
    await this.notices.joinRequest(tx, 'submitted', event, booking, now, meta);
    return booking;
  }

  /** A confirmed seat on a locked event whose capacity the caller checked. */
  async confirm(
    tx: Db,
    event: EventRow,
    existing: BookingRow | undefined,
    userId: number,
    notes: string | null,
    now: Date,
    meta?: EventMeta,
  ): Promise<BookingRow> {
    const booking = await repo.writeBooking(tx, existing, {
      eventId: event.id,
      userId,
      status: 'confirmed',
      notes,
      now,
    });
    await this.deps.seats.settle(tx, event.id);
    await this.notices.booking(tx, 'confirmed', event, booking, existing?.status ?? null, now, meta);
    return booking;
  }

  /** A game's event row, for its creator only. */
  private async ownGame(db: Db, eventId: number, userId: number, lock: boolean): Promise<EventRow> {
    const event = lock ? await this.deps.seats.lock(db, eventId) : await repo.eventById(db, eventId);
    if (!event || event.deletedAt) throw eventNotFound();
    if (event.creatorUserId !== userId) throw notCreator();
    return event;
  }

  async joinRequests(eventId: number, userId: number): Promise<JoinRequestsReply> {
    await this.ownGame(this.db, eventId, userId, false);
    return { join_requests: await repo.pendingRequests(this.db, eventId) };
  }

  /** The creator approves (a seat, if one is free) or rejects a pending join request. */
  async decide(
    eventId: number,
    requestId: number,
    userId: number,
    decision: 'approve' | 'reject',
    meta: EventMeta,
  ): Promise<JoinRequestDecisionReply> {
    if (decision === 'approve') {
      // Refused before the event's queue when the game is already full (decided again under the lock).
      const game = await this.ownGame(this.db, eventId, userId, false);
      const request = await repo.bookingById(this.db, requestId);
      const decidable = request?.eventId === game.id && request.status === 'pending';
      if (decidable && (await this.deps.seats.available(this.db, game, this.now())) < 1) throw eventFull();
    }
    const { booking, count } = await this.deps.seats.serially(eventId, () =>
      this.decideNow(eventId, requestId, userId, decision, meta),
    );
    return {
      message: decision === 'approve' ? BOOKING_MESSAGES.approved : BOOKING_MESSAGES.rejected,
      booking: await repo.bookingView(this.db, booking.id),
      current_participant_count: count,
    };
  }

  private async decideNow(
    eventId: number,
    requestId: number,
    userId: number,
    decision: 'approve' | 'reject',
    meta: EventMeta,
  ): Promise<{ booking: BookingRow; count: number }> {
    return this.db.transaction(async (tx) => {
      const now = this.now();
      const event = await this.ownGame(tx, eventId, userId, true);
      const request = await repo.bookingById(tx, requestId, true);
      if (!request || request.eventId !== event.id)
        throw notFound(EVENT_MESSAGES.requestNotFound, 'request_not_found');
      if (request.status !== 'pending') throw conflict(BOOKING_MESSAGES.requestDecided, 'request_decided');
      if (decision === 'reject') {
        const rejected = await repo.setBookingStatus(tx, request.id, 'rejected', now);
        await this.notices.joinRequest(tx, 'rejected', event, rejected, now, meta);
        await this.mailDecision(tx, event, rejected, meta);
        return { booking: rejected, count: event.participantCount };
      }
      refuseClosed(event, now);
      if ((await this.deps.seats.available(tx, event, now)) < 1) throw eventFull();
      const approved = await repo.setBookingStatus(tx, request.id, 'confirmed', now);
      const count = await this.deps.seats.settle(tx, event.id);
      await this.notices.joinRequest(tx, 'approved', event, approved, now, meta);
      await this.notices.booking(tx, 'confirmed', event, approved, 'pending', now, meta);
      await this.mailDecision(tx, event, approved, meta);
      return { booking: approved, count };
    });
  }

  private mailDecision(tx: Db, event: EventRow, booking: BookingRow, meta: EventMeta) {
    return this.notices.email(
      tx,
      booking.userId,
      'join-request-decided',
      {
        event_id: event.id,
        event_title: event.title,
        approved: booking.status === 'confirmed',
        start_time: event.startTime.toISOString(),
      },
      meta,
    );
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

  /** The caller's part of the admin area (site admins: all of it). */
  private adminScope(claims: AccessTokenClaims): Promise<AdminScope> {
    return this.deps.projections.adminScope(this.db, claims);
  }

  /**
   * `GET /admin/bookings` (spec 3 §7): every booking within the caller's scope (a facility admin's
   * venues' events, a coach admin's coach's), by its event's start.
   */
  async adminList(claims: AccessTokenClaims, query: AdminBookingsQuery): Promise<AdminBookingsReply> {
    return repo.adminBookings(
      this.db,
      {
        scope: await this.adminScope(claims),
        status: query.status,
        range: timeRange(query.start_date, query.end_date),
      },
      { limit: query.limit, offset: query.offset },
    );
  }

  /**
   * `PATCH /admin/bookings/{id}/status` (spec 3 §4: an admin sets any status). The same status
   * again changes nothing and tells no one. Confirming takes a seat (refused when none is free, or
   * the event is cancelled or gone); cancelling a confirmed booking frees its seat for the waitlist,
   * and one paid by card is owed its refund (the organiser cancelled it). Every change is recounted
   * under the event's lock and published as `events.booking.status-changed`. A booking outside the
   * caller's scope is not found (asked again under the lock: the event's venue may have changed).
   */
  async setStatus(
    claims: AccessTokenClaims,
    bookingId: number,
    body: AdminBookingStatusBody,
    meta: EventMeta,
  ): Promise<AdminBooking> {
    const scope = await this.adminScope(claims);
    const found = await repo.adminBookingById(this.db, bookingId, scope);
    if (!found) throw bookingNotFound();
    const status = body.status;
    // A confirmed booking paid by card, cancelled by an admin: refunded in full first.
    if (status === 'cancelled' && found.status === 'confirmed' && owesRefund(found)) {
      await this.refunds.refundThenCancel(found, 'status-changed', 'Cancelled by an admin', meta);
      return repo.adminBookingView(this.db, bookingId);
    }
    await this.db.transaction(async (tx) => {
      const now = this.now();
      const event = (await this.deps.seats.lock(tx, found.eventId))!;
      const booking = await repo.adminBookingById(tx, bookingId, scope, true);
      if (!booking) throw bookingNotFound();
      if (booking.status === status) return;
      if (status === 'confirmed') {
        if (event.deletedAt) throw eventNotFound();
        if (event.status === 'cancelled') throw conflict(EVENT_MESSAGES.eventCancelled, 'event_cancelled');
        if ((await this.deps.seats.available(tx, event, now)) < booking.seats) throw eventFull();
      }
      const changed = await repo.setBookingStatus(tx, booking.id, status, now);
      if (status === 'cancelled' && booking.paymentIntentId)
        await oweRefunds(tx, [booking.paymentIntentId], now);
      await this.deps.seats.settle(tx, event.id);
      await this.notices.booking(tx, 'status-changed', event, changed, booking.status, now, meta);
      if (booking.status === 'confirmed' && status === 'cancelled') await this.deps.seats.freed(tx, event.id);
    });
    return repo.adminBookingView(this.db, bookingId);
  }

  /**
   * An admin gives a person a confirmed seat (spec 2 §5 Add user): no approval, within capacity; at
   * an event that takes payment the seat is complimentary (no card is charged). An event outside
   * the caller's scope is not found; a member's own game takes people from site admins only.
   */
  async addUser(
    claims: AccessTokenClaims,
    eventId: number,
    body: AddUserToEventBody,
    meta: EventMeta,
  ): Promise<JoinEventReply> {
    const userId = unwrap(body.user_id);
    if (!userId) throw invalidFields({ user_id: EVENT_MESSAGES.userRequired });
    const notes = unwrap(body.notes)?.trim() || null;
    const scope = await this.adminScope(claims);
    const booking = await this.db.transaction(async (tx) => {
      const now = this.now();
      const event = await this.deps.seats.lock(tx, eventId);
      if (!(await repo.eventInScope(tx, eventId, scope))) throw eventNotFound();
      // A member's own game: only site admins add people to it, not whoever runs its venue.
      if (event && !isSiteAdminRole(claims.role) && !scopedAdminsMayChange(event.eventType))
        throw forbidden(EVENT_MESSAGES.notEditor, 'not_editor');
      const person = await repo.userById(tx, userId);
      if (!person || person.deleted) throw notFound(EVENT_MESSAGES.userUnknown, 'user_not_found');
      refuseClosed(event, now);
      const existing = await repo.bookingOf(tx, event.id, userId, true);
      refuseExisting(existing);
      if ((await this.deps.seats.available(tx, event, now)) < 1) throw eventFull();
      const confirmed = await this.confirm(tx, event, existing, userId, notes, now, meta);
      // A seat of an event that takes payment, given by an admin, is recorded as complimentary
      // (nothing paid, in the event's currency) rather than left looking unpaid.
      const paid = await takesCardPayment(tx, event);
      if (paid) await repo.markComplimentary(tx, confirmed.id, event.currency);
      return { id: confirmed.id, complimentary: paid };
    });
    return {
      message: booking.complimentary ? BOOKING_MESSAGES.userAddedComplimentary : BOOKING_MESSAGES.userAdded,
      booking: await repo.bookingView(this.db, booking.id),
    };
  }
}
