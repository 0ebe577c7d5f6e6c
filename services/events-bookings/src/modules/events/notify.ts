import type { EventMeta } from '@linksmate/platform';
import { EventCancelled, EventCreated, type EventData, EventDeleted, EventUpdated } from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { BookingRow, Db, EventRow } from '../../db/types';
import { BookingNotices } from '../bookings/service';

/** The facts other contexts keep of an event, with the version the change gave it. */
export function eventSnapshot(event: EventRow): EventData<typeof EventCreated> {
  return {
    event_id: event.id,
    title: event.title,
    event_type: event.eventType,
    status: event.status,
    start_time: event.startTime.toISOString(),
    end_time: event.endTime?.toISOString() ?? null,
    venue_id: event.venueId,
    creator_user_id: event.creatorUserId,
    coach_profile_id: event.coachProfileId,
    capacity: event.capacity,
    current_participant_count: event.participantCount,
    price_per_participant: event.pricePerParticipant,
    currency: event.currency,
    version: event.version,
  };
}

/** Event changes, written to the outbox inside the caller's transaction. */
export class EventNotices {
  /** The bookings module's own notices: a booking's events are built there, whoever cancels it. */
  private readonly bookings: BookingNotices;

  constructor(private readonly runtime: ModuleContext['runtime']) {
    this.bookings = new BookingNotices(runtime);
  }

  created(tx: Db, event: EventRow, meta: EventMeta): Promise<void> {
    return this.runtime.publish(tx, this.runtime.event(EventCreated, eventSnapshot(event), meta));
  }

  updated(tx: Db, event: EventRow, meta: EventMeta): Promise<void> {
    return this.runtime.publish(tx, this.runtime.event(EventUpdated, eventSnapshot(event), meta));
  }

  cancelled(tx: Db, event: EventRow, meta: EventMeta): Promise<void> {
    return this.runtime.publish(tx, this.runtime.event(EventCancelled, eventSnapshot(event), meta));
  }

  deleted(tx: Db, event: EventRow, meta: EventMeta): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(EventDeleted, { event_id: event.id, version: event.version }, meta),
    );
  }

  /** Each booking the event's cancellation or deletion cancelled (messaging drops them from its chat). */
  bookingsCancelled(
    tx: Db,
    event: EventRow,
    cancelled: Array<{ booking: BookingRow; previousStatus: string }>,
    now: Date,
    meta: EventMeta,
  ): Promise<void> {
    if (!cancelled.length) return Promise.resolve();
    return this.bookings.publish(
      tx,
      cancelled.map(({ booking, previousStatus }) =>
        this.bookings.bookingEvent('cancelled', event, booking, previousStatus, now, meta),
      ),
    );
  }
}
