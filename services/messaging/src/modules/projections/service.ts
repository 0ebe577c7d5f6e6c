import type {
  BookingConfirmed,
  EventCreated,
  EventData,
  UserBlocked,
  UserDeleted,
  UserUnblocked,
  UserUpdated,
} from '@linksmate/proto';
import type { ChatEventRow, Db, UserRow } from '../../db/types';
import {
  confirmedMembers,
  eitherBlocked,
  findChatEvent,
  findUser,
  isConfirmedMember,
  markChatEventDeleted,
  markUserDeleted,
  setBlock,
  setMembership,
  upsertChatEvent,
  upsertUser,
} from './repository';

/**
 * messaging's copies of other contexts' data: people (names, pictures, e-mail for the digest),
 * blocks between them, events and who holds a confirmed seat of each (who may use its chat).
 * Every change is guarded by the source's version or time, so late events never roll a copy back.
 */
export class Projections {
  applyUser(tx: Db, user: EventData<typeof UserUpdated>): Promise<void> {
    return upsertUser(tx, {
      id: user.user_id,
      username: user.username,
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      profileImageUrl: user.profile_image_url,
      role: user.role,
      banned: user.banned,
      deleted: false,
      version: user.version,
    });
  }

  userDeleted(tx: Db, event: EventData<typeof UserDeleted>): Promise<void> {
    return markUserDeleted(tx, event.user_id, event.version);
  }

  blocked(tx: Db, event: EventData<typeof UserBlocked>): Promise<void> {
    return setBlock(tx, event.blocker_user_id, event.blocked_user_id, true, new Date(event.blocked_at));
  }

  unblocked(tx: Db, event: EventData<typeof UserUnblocked>): Promise<void> {
    return setBlock(tx, event.blocker_user_id, event.blocked_user_id, false, new Date(event.unblocked_at));
  }

  applyEvent(tx: Db, event: EventData<typeof EventCreated>): Promise<void> {
    return upsertChatEvent(tx, {
      id: event.event_id,
      title: event.title,
      eventType: event.event_type,
      status: event.status,
      startTime: new Date(event.start_time),
      creatorUserId: event.creator_user_id,
      deleted: false,
      version: event.version,
    });
  }

  eventDeleted(tx: Db, eventId: number, version: number): Promise<void> {
    return markChatEventDeleted(tx, eventId, version);
  }

  /** A booking's latest state: confirmed holds a seat (and a place in the chat); anything else not. */
  applyBooking(tx: Db, booking: EventData<typeof BookingConfirmed>): Promise<void> {
    return setMembership(
      tx,
      booking.event_id,
      booking.user_id,
      booking.status === 'confirmed',
      new Date(booking.occurred_at),
    );
  }

  user(db: Db, id: number): Promise<UserRow | undefined> {
    return findUser(db, id);
  }

  event(db: Db, id: number): Promise<ChatEventRow | undefined> {
    return findChatEvent(db, id);
  }

  eitherBlocked(db: Db, a: number, b: number): Promise<boolean> {
    return eitherBlocked(db, a, b);
  }

  isConfirmedMember(db: Db, eventId: number, userId: number): Promise<boolean> {
    return isConfirmedMember(db, eventId, userId);
  }

  confirmedMembers(db: Db, eventId: number): Promise<number[]> {
    return confirmedMembers(db, eventId);
  }
}
