import {
  type AccessTokenClaims,
  type BookingConfirmed,
  type CoachCreated,
  type CoachDeleted,
  type EventCreated,
  type EventData,
  mayReachEventChat,
  type UserBlocked,
  type UserDeleted,
  type UserUnblocked,
  type UserUpdated,
  type VenueCreated,
  type VenueDeleted,
} from '@linksmate/proto';
import type { ChatEventRow, Db, UserRow } from '../../db/types';
import {
  coachIdOfUser,
  confirmedMembers,
  eitherBlocked,
  findChatEvent,
  findCoach,
  findUser,
  findVenue,
  isConfirmedMember,
  markChatEventDeleted,
  markCoachDeleted,
  markUserDeleted,
  markVenueDeleted,
  setBlock,
  setMembership,
  upsertChatEvent,
  upsertCoach,
  upsertUser,
  upsertVenue,
  venueIdsRunBy,
} from './repository';

type VenueCopy = { adminUserIds: number[] } | undefined;
type CoachCopy = { userId: number | null } | undefined;
const adminsLost = (before: VenueCopy, after: VenueCopy) =>
  (before?.adminUserIds ?? []).filter((id) => !(after?.adminUserIds ?? []).includes(id));
const holderLost = (before: CoachCopy, after: CoachCopy) =>
  before?.userId && before.userId !== after?.userId ? [before.userId] : [];

/**
 * messaging's copies of other contexts' data: people (names, pictures, e-mail for the digest),
 * blocks between them, events and who holds a confirmed seat of each, who runs each venue and whose
 * account holds each coach profile (together: who may use an event's chat).
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

  /** Answers who may have lost its chat: the admins of the venue or coach it no longer names. */
  async applyEvent(tx: Db, event: EventData<typeof EventCreated>): Promise<number[]> {
    const before = await findChatEvent(tx, event.event_id);
    await upsertChatEvent(tx, {
      id: event.event_id,
      title: event.title,
      eventType: event.event_type,
      status: event.status,
      startTime: new Date(event.start_time),
      creatorUserId: event.creator_user_id,
      venueId: event.venue_id,
      coachProfileId: event.coach_profile_id,
      deleted: false,
      version: event.version,
    });
    const after = await findChatEvent(tx, event.event_id);
    if (!before || !after) return [];
    const lost: number[] = [];
    if (before.venueId !== null && before.venueId !== after.venueId)
      lost.push(...((await findVenue(tx, before.venueId))?.adminUserIds ?? []));
    if (before.coachProfileId !== null && before.coachProfileId !== after.coachProfileId) {
      const holder = (await findCoach(tx, before.coachProfileId))?.userId;
      if (holder) lost.push(holder);
    }
    return [...new Set(lost)];
  }

  eventDeleted(tx: Db, eventId: number, version: number): Promise<void> {
    return markChatEventDeleted(tx, eventId, version);
  }

  /**
   * A snapshot without `admin_user_ids` (published before they were carried) names no admins.
   * Answers who may have lost chats: the admins it no longer names.
   */
  async applyVenue(tx: Db, venue: EventData<typeof VenueCreated>): Promise<number[]> {
    const before = await findVenue(tx, venue.venue_id);
    await upsertVenue(tx, {
      id: venue.venue_id,
      adminUserIds: venue.admin_user_ids ?? [],
      deleted: false,
      version: venue.version,
    });
    return adminsLost(before, await findVenue(tx, venue.venue_id));
  }

  async venueDeleted(tx: Db, event: EventData<typeof VenueDeleted>): Promise<number[]> {
    const before = await findVenue(tx, event.venue_id);
    await markVenueDeleted(tx, event.venue_id, event.version);
    return adminsLost(before, await findVenue(tx, event.venue_id));
  }

  /** Answers who may have lost chats: the account that no longer holds the profile. */
  async applyCoach(tx: Db, coach: EventData<typeof CoachCreated>): Promise<number[]> {
    const before = await findCoach(tx, coach.coach_id);
    await upsertCoach(tx, {
      id: coach.coach_id,
      userId: coach.user_id,
      deleted: false,
      version: coach.version,
    });
    return holderLost(before, await findCoach(tx, coach.coach_id));
  }

  async coachDeleted(tx: Db, event: EventData<typeof CoachDeleted>): Promise<number[]> {
    const before = await findCoach(tx, event.coach_id);
    await markCoachDeleted(tx, event.coach_id, event.version);
    return holderLost(before, await findCoach(tx, event.coach_id));
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

  /**
   * Whether the viewer may use the event's chat (proto's `mayReachEventChat`), decided on these
   * copies: who runs which venue, whose account holds which coach profile, who holds a confirmed seat.
   */
  mayReachEventChat(
    db: Db,
    viewer: Pick<AccessTokenClaims, 'user_id' | 'role'>,
    event: ChatEventRow,
  ): Promise<boolean> {
    return mayReachEventChat(viewer, event, {
      coachIdOfUser: (userId) => coachIdOfUser(db, userId),
      venueIdsRunBy: (userId) => venueIdsRunBy(db, userId),
      isConfirmedPlayer: (eventId, userId) => isConfirmedMember(db, eventId, userId),
    });
  }
}
