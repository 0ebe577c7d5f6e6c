import { conflict, type EventMeta, forbidden, invalidFields, notFound } from '@linksmate/platform';
import {
  type AccessTokenClaims,
  type AddUserToEventBody,
  type AdminBooking,
  type AdminBookingStatusBody,
  type AdminBookingsQuery,
  type AdminBookingsReply,
  EVENT_MESSAGES,
  isSiteAdminRole,
  type JoinEventReply,
  scopedAdminsMayChange,
  unwrap,
} from '@linksmate/proto';
import type { AdminScope } from '../../lib/admin-scope';
import { timeRange } from '../../lib/list-filters';
import { oweRefunds, takesCardPayment } from '../seats/service';
import type { Joins } from './joins';
import type { BookingNotices } from './notify';
import { type BookingRefunds, owesRefund } from './refunds';
import * as repo from './repository';
import {
  BOOKING_MESSAGES,
  bookingNotFound,
  eventFull,
  eventNotFound,
  refuseClosed,
  refuseExisting,
} from './rules';
import type { BookingsDeps } from './types';

/**
 * Bookings in the admin area (docs/product.md#admin-states, #admin-calls): the list within the caller's scope, setting any
 * status, and giving someone a seat.
 */
export class AdminBookings {
  constructor(
    private readonly deps: BookingsDeps,
    private readonly notices: BookingNotices,
    private readonly refunds: BookingRefunds,
    private readonly joins: Joins,
  ) {}

  private get db() {
    return this.deps.runtime.db;
  }

  private now(): Date {
    return this.deps.clock();
  }

  /** The caller's part of the admin area (site admins: all of it). */
  private adminScope(claims: AccessTokenClaims): Promise<AdminScope> {
    return this.deps.projections.adminScope(this.db, claims);
  }

  /**
   * `GET /admin/bookings` (docs/product.md#admin-calls): every booking within the caller's scope (a facility admin's
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
   * `PATCH /admin/bookings/{id}/status` (docs/product.md#admin-states: an admin sets any status). The same status
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
   * An admin gives a person a confirmed seat (docs/product.md#community-validation Add user): no approval, within capacity; at
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
      const confirmed = await this.joins.confirm(tx, event, existing, userId, notes, now, meta);
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
