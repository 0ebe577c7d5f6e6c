import type { EventMeta } from '@linksmate/platform';
import type {
  AccessTokenClaims,
  AddUserToEventBody,
  AdminBooking,
  AdminBookingStatusBody,
  AdminBookingsQuery,
  AdminBookingsReply,
  BookingsReply,
  JoinEventBody,
  JoinEventReply,
  JoinRequestDecisionReply,
  JoinRequestsReply,
  MyBookingsQuery,
} from '@linksmate/proto';
import type { BookingRow, Db, EventRow } from '../../db/types';
import { AdminBookings } from './admin-bookings';
import { Joins } from './joins';
import { BookingNotices } from './notify';
import { OwnBookings } from './own-bookings';
import { BookingRefunds, type RefundTotals } from './refunds';
import type { BookingsDeps } from './types';

// What the waitlist shares with joining (modules reach each other through their service).
export { BookingNotices } from './notify';
// This module is the only writer of `bookings` and `booking_items`: the checkout, an event's
// cancellation and an import write them through these, in the caller's transaction.
export {
  type BookingWrite,
  bookingOf,
  cancelOpenBookings,
  findBookingView,
  type ImportedBooking,
  insertImportedBookings,
  pendingCount,
  replaceBookingItems,
  userById,
  writeBooking,
} from './repository';
export { isPast, refuseClosed, refuseExisting, refuseOutsideGate, refuseOwnGame } from './rules';
export type { BookingsDeps } from './types';

/**
 * Joining events, join requests and bookings (docs/product.md#community-entities, #community-states, #community-calls; docs/product.md#admin-states, #admin-calls), one use case per
 * part: joins (joins.ts), a person's own bookings (own-bookings.ts), the admin area's
 * (admin-bookings.ts), refunds of paid ones (refunds.ts). Every change of who holds a seat runs
 * under the event's lock (Seats.lock), so the last seat is never given twice.
 */
export class BookingsService {
  private readonly refunds: BookingRefunds;
  private readonly joins: Joins;
  private readonly own: OwnBookings;
  private readonly admin: AdminBookings;

  constructor(deps: BookingsDeps) {
    const notices = new BookingNotices(deps.runtime);
    this.refunds = new BookingRefunds({
      db: deps.runtime.db,
      clock: deps.clock,
      seats: deps.seats,
      notices,
      payments: deps.payments,
      logger: deps.runtime.logger,
    });
    this.joins = new Joins(deps, notices);
    this.own = new OwnBookings(deps, notices, this.refunds);
    this.admin = new AdminBookings(deps, notices, this.refunds, this.joins);
  }

  /**
   * A refund payments reports (`payments.payment.refunded`: one this service asked for, or one made
   * in the provider's dashboard), in the delivery's transaction: a full one cancels the booking and
   * frees its seat, a partial one is recorded. Idempotent.
   */
  applyRefund(tx: Db, paymentIntentId: string, totals: RefundTotals, meta: EventMeta): Promise<void> {
    return this.refunds.apply(tx, paymentIntentId, totals, 'cancelled', meta);
  }

  join(eventId: number, userId: number, body: JoinEventBody, meta: EventMeta): Promise<JoinEventReply> {
    return this.joins.join(eventId, userId, body, meta);
  }

  /** A pending join request for the game's creator (the waitlist makes them too). */
  request(
    tx: Db,
    event: EventRow,
    existing: BookingRow | undefined,
    userId: number,
    notes: string | null,
    now: Date,
    meta?: EventMeta,
  ): Promise<BookingRow> {
    return this.joins.request(tx, event, existing, userId, notes, now, meta);
  }

  /** A confirmed seat on a locked event whose capacity the caller checked (the waitlist's too). */
  confirm(
    tx: Db,
    event: EventRow,
    existing: BookingRow | undefined,
    userId: number,
    notes: string | null,
    now: Date,
    meta?: EventMeta,
  ): Promise<BookingRow> {
    return this.joins.confirm(tx, event, existing, userId, notes, now, meta);
  }

  joinRequests(eventId: number, userId: number): Promise<JoinRequestsReply> {
    return this.joins.joinRequests(eventId, userId);
  }

  decide(
    eventId: number,
    requestId: number,
    userId: number,
    decision: 'approve' | 'reject',
    meta: EventMeta,
  ): Promise<JoinRequestDecisionReply> {
    return this.joins.decide(eventId, requestId, userId, decision, meta);
  }

  myBookings(userId: number, query: MyBookingsQuery): Promise<BookingsReply> {
    return this.own.myBookings(userId, query);
  }

  cancel(bookingId: number, userId: number, meta: EventMeta): Promise<JoinEventReply> {
    return this.own.cancel(bookingId, userId, meta);
  }

  adminList(claims: AccessTokenClaims, query: AdminBookingsQuery): Promise<AdminBookingsReply> {
    return this.admin.adminList(claims, query);
  }

  setStatus(
    claims: AccessTokenClaims,
    bookingId: number,
    body: AdminBookingStatusBody,
    meta: EventMeta,
  ): Promise<AdminBooking> {
    return this.admin.setStatus(claims, bookingId, body, meta);
  }

  addUser(
    claims: AccessTokenClaims,
    eventId: number,
    body: AddUserToEventBody,
    meta: EventMeta,
  ): Promise<JoinEventReply> {
    return this.admin.addUser(claims, eventId, body, meta);
  }
}
