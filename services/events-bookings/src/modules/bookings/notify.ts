import type { EventMeta, ServiceRuntime } from '@linksmate/platform';
import {
  BookingCancelled,
  BookingConfirmed,
  BookingStatusChanged,
  EmailRequested,
  type EventEnvelope,
  JoinRequestApproved,
  JoinRequestRejected,
  JoinRequestSubmitted,
} from '@linksmate/proto';
import type * as schema from '../../db/schema';
import type { BookingRow, Db, EventRow } from '../../db/types';
import { type UserRow, userById } from './repository';

type Runtime = ServiceRuntime<typeof schema>;
type MailVariables = Record<string, string | number | boolean | null>;

const JOIN_REQUEST_EVENTS = {
  submitted: JoinRequestSubmitted,
  approved: JoinRequestApproved,
  rejected: JoinRequestRejected,
} as const;

const BOOKING_EVENTS = {
  confirmed: BookingConfirmed,
  cancelled: BookingCancelled,
  'status-changed': BookingStatusChanged,
} as const;

/** What bookings tell the rest of the platform, written to the outbox in the caller's transaction. */
export class BookingNotices {
  constructor(private readonly runtime: Runtime) {}

  joinRequest(
    tx: Db,
    kind: keyof typeof JOIN_REQUEST_EVENTS,
    event: EventRow,
    booking: BookingRow,
    now: Date,
    meta?: EventMeta,
  ): Promise<void> {
    return this.publish(tx, [this.joinRequestEvent(kind, event, booking, now, meta)]);
  }

  joinRequestEvent(
    kind: keyof typeof JOIN_REQUEST_EVENTS,
    event: EventRow,
    booking: BookingRow,
    now: Date,
    meta?: EventMeta,
  ): EventEnvelope {
    return this.runtime.event(
      JOIN_REQUEST_EVENTS[kind],
      {
        request_id: booking.id,
        event_id: event.id,
        event_title: event.title,
        user_id: booking.userId,
        creator_user_id: event.creatorUserId,
        notes: booking.notes,
        occurred_at: now.toISOString(),
        booked_at: booking.bookedAt.toISOString(),
      },
      meta,
    );
  }

  booking(
    tx: Db,
    kind: keyof typeof BOOKING_EVENTS,
    event: EventRow,
    booking: BookingRow,
    previousStatus: string | null,
    now: Date,
    meta?: EventMeta,
  ): Promise<void> {
    return this.publish(tx, [this.bookingEvent(kind, event, booking, previousStatus, now, meta)]);
  }

  bookingEvent(
    kind: keyof typeof BOOKING_EVENTS,
    event: EventRow,
    booking: BookingRow,
    previousStatus: string | null,
    now: Date,
    meta?: EventMeta,
  ): EventEnvelope {
    return this.runtime.event(
      BOOKING_EVENTS[kind],
      {
        booking_id: booking.id,
        event_id: event.id,
        event_title: event.title,
        user_id: booking.userId,
        seats: booking.seats,
        status: booking.status,
        previous_status: previousStatus,
        occurred_at: now.toISOString(),
        booked_at: booking.bookedAt.toISOString(),
      },
      meta,
    );
  }

  /** Events built above, into the outbox in one write (a turn of joins tells of all of them at once). */
  publish(tx: Db, events: EventEnvelope[]): Promise<void> {
    return this.runtime.publish(tx, events);
  }

  /** A mail to a person of the users projection (none when they are not known or gone). */
  async email(
    tx: Db,
    userId: number,
    template: string,
    variables: MailVariables,
    meta?: EventMeta,
  ): Promise<void> {
    const person = await userById(tx, userId);
    if (!person || person.deleted) return;
    await this.mailTo(tx, person, userId, template, variables, meta);
  }

  /** A mail to a person already looked up, greeted by their first name (else their username). */
  mailTo(
    tx: Db,
    person: Pick<UserRow, 'email' | 'username' | 'firstName'>,
    userId: number,
    template: string,
    variables: MailVariables,
    meta?: EventMeta,
  ): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(
        EmailRequested,
        {
          to: person.email,
          template,
          user_id: userId,
          variables: { username: person.firstName ?? person.username, ...variables },
        },
        meta,
      ),
    );
  }
}
