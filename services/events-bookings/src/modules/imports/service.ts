import { type EventMeta, invalidFields } from '@linksmate/platform';
import { EVENT_MESSAGES, type Event, type ImportEventBody, OFFICIAL_EVENT_TYPE } from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import { BookingNotices, type ImportedBooking, insertImportedBookings } from '../bookings/service';
import { type EventNotices, type EventReads, insertEvent } from '../events/service';
import type { Projections } from '../projections/service';
import type { Seats } from '../seats/service';
import { knownPeople } from './repository';

/** Statuses that hold a seat; the rest (requests turned down, cancellations) only tell the story. */
const SEAT_HOLDING = new Set(['confirmed', 'completed', 'no_show']);

export interface ImportsDeps extends ModuleContext {
  seats: Seats;
  projections: Projections;
  eventNotices: EventNotices;
  reads: EventReads;
}

/**
 * Events brought in whole (`POST /internal/events`): an event as it already stands — a round played
 * last month with the people who played it — for imports and the demo calendar. The one way to make
 * a past event; every other rule still holds (known venue, coach and people, capacity, one booking per
 * person), and it tells the platform exactly what creating and booking it would have told.
 */
export class ImportsService {
  private readonly notices: BookingNotices;

  constructor(private readonly deps: ImportsDeps) {
    this.notices = new BookingNotices(deps.runtime);
  }

  async importEvent(body: ImportEventBody, meta: EventMeta): Promise<Event> {
    const startTime = new Date(body.start_time);
    const endTime = body.end_time ? new Date(body.end_time) : null;
    const errors: Record<string, string> = {};
    const db = this.deps.runtime.db;
    const venue = await this.deps.projections.venue(db, body.venue_id);
    if (!venue || venue.deleted) errors.venue_id = EVENT_MESSAGES.venueUnknown;
    if (body.coach_profile_id !== undefined) {
      const coach = await this.deps.projections.coach(db, body.coach_profile_id);
      if (!coach || coach.deleted) errors.coach_profile_id = EVENT_MESSAGES.coachUnknown;
    }
    if (endTime && endTime <= startTime) errors.end_time = EVENT_MESSAGES.endAfterStart;
    const people = body.bookings.map((b) => b.user_id);
    const known = await knownPeople(db, [body.creator_user_id, ...people]);
    if (!known.has(body.creator_user_id)) errors.creator_user_id = EVENT_MESSAGES.userUnknown;
    if (people.some((id) => !known.has(id))) errors.bookings = EVENT_MESSAGES.userUnknown;
    else if (new Set(people).size !== people.length) errors.bookings = EVENT_MESSAGES.onePerPerson;
    else if (body.bookings.filter((b) => SEAT_HOLDING.has(b.status)).length > body.capacity)
      errors.bookings = EVENT_MESSAGES.eventFull;
    if (Object.keys(errors).length) throw invalidFields(errors);

    const official = body.event_type === OFFICIAL_EVENT_TYPE;
    const free = body.price_per_participant === 0 && !official;
    const now = this.deps.clock();
    const id = await db.transaction(async (tx) => {
      const event = await insertEvent(tx, {
        eventType: body.event_type,
        title: body.title.trim(),
        description: body.description?.trim() || null,
        venueId: body.venue_id,
        creatorUserId: body.creator_user_id,
        coachProfileId: body.coach_profile_id ?? null,
        startTime,
        endTime,
        capacity: body.capacity,
        pricePerParticipant: body.price_per_participant,
        currency: body.currency ?? 'AUD',
        paymentMethod: free || official ? null : (body.payment_method ?? 'pay_at_venue'),
        status: body.status ?? 'open',
        createdAt: now,
        updatedAt: now,
      });
      const booked: ImportedBooking[] = body.bookings.map((b) => {
        const bookedAt = b.booked_at ? new Date(b.booked_at) : now;
        return {
          userId: b.user_id,
          status: b.status,
          notes: b.notes?.trim() || null,
          bookedAt,
          decidedAt: b.status === 'pending' ? null : bookedAt,
        };
      });
      // Counted as every seat-changing path counts it: from the bookings, under the event's lock.
      const locked = await this.deps.seats.lock(tx, event.id);
      const bookings = await insertImportedBookings(tx, event.id, booked);
      await this.deps.seats.settle(tx, event.id);
      await this.deps.eventNotices.created(tx, locked ?? event, meta);
      for (const booking of bookings) {
        if (booking.status === 'confirmed')
          await this.notices.booking(tx, 'confirmed', event, booking, null, now, meta);
        else await this.notices.booking(tx, 'status-changed', event, booking, null, now, meta);
      }
      return event.id;
    });
    return this.deps.reads.require(id, null);
  }
}
