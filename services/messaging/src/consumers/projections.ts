import { causedBy, type ServiceRuntime } from '@linksmate/platform';
import {
  BookingCancelled,
  BookingConfirmed,
  BookingStatusChanged,
  CoachCreated,
  CoachDeleted,
  CoachUpdated,
  EventCancelled,
  EventCreated,
  EventDeleted,
  EventUpdated,
  UserBlocked,
  UserDeleted,
  UserUnblocked,
  userSnapshotEvents,
  VenueCreated,
  VenueDeleted,
  VenueSubmitted,
  VenueUpdated,
} from '@linksmate/proto';
import type * as schema from '../db/schema';
import type { ChatsService } from '../modules/chats/service';
import type { NotificationsService } from '../modules/notifications/service';
import type { Projections } from '../modules/projections/service';

/** Who people are and whom they blocked (identity), newest winning. */
export function consumePeople(runtime: ServiceRuntime<typeof schema>, projections: Projections): void {
  runtime.consume(
    'people',
    [...userSnapshotEvents, UserDeleted, UserBlocked, UserUnblocked],
    async (event, tx) => {
      if (event.type === UserDeleted.type) await projections.userDeleted(tx, event.data);
      else if (event.type === UserBlocked.type) await projections.blocked(tx, event.data);
      else if (event.type === UserUnblocked.type) await projections.unblocked(tx, event.data);
      else await projections.applyUser(tx, event.data);
    },
  );
}

/**
 * Events and who holds a confirmed seat of each (events-bookings): who may use an event's chat. An
 * event moved to another venue or coach tells the gateway whose sockets to check again; one moved in
 * time or place, or cancelled, is told to those booked (the copy as it was is read here, before it
 * is replaced).
 */
export function consumeEventChats(
  runtime: ServiceRuntime<typeof schema>,
  projections: Projections,
  chats: ChatsService,
  notifications: NotificationsService,
): void {
  runtime.consume(
    'event-chats',
    [
      EventCreated,
      EventUpdated,
      EventCancelled,
      EventDeleted,
      BookingConfirmed,
      BookingCancelled,
      BookingStatusChanged,
    ],
    async (event, tx) => {
      if (event.type === EventDeleted.type)
        await projections.eventDeleted(tx, event.data.event_id, event.data.version);
      else if (
        event.type === BookingConfirmed.type ||
        event.type === BookingCancelled.type ||
        event.type === BookingStatusChanged.type
      )
        await projections.applyBooking(tx, event.data);
      else {
        const before = await projections.event(tx, event.data.event_id);
        await chats.reachNarrowed(tx, await projections.applyEvent(tx, event.data), causedBy(event));
        if (event.type === EventCreated.type) return;
        await notifications.eventChanged(tx, before, event);
      }
    },
  );
}

/**
 * Who runs each venue and whose account holds each coach profile (venues-coaches), newest winning:
 * which facility and coach admins reach an event's chat. Whoever a change leaves out, the gateway
 * checks again.
 */
export function consumeChatScopes(
  runtime: ServiceRuntime<typeof schema>,
  projections: Projections,
  chats: ChatsService,
): void {
  runtime.consume(
    'chat-scopes',
    [VenueCreated, VenueUpdated, VenueSubmitted, VenueDeleted, CoachCreated, CoachUpdated, CoachDeleted],
    async (event, tx) => {
      const lost =
        event.type === VenueDeleted.type
          ? await projections.venueDeleted(tx, event.data)
          : event.type === CoachDeleted.type
            ? await projections.coachDeleted(tx, event.data)
            : event.type === CoachCreated.type || event.type === CoachUpdated.type
              ? await projections.applyCoach(tx, event.data)
              : await projections.applyVenue(tx, event.data);
      await chats.reachNarrowed(tx, lost, causedBy(event));
    },
  );
}
