import { conflict, forbidden, HttpError, notFound } from '@linksmate/platform';
import { EVENT_MESSAGES, handicapRangeMessage, SKILL_LEVELS, skillGateMessage } from '@linksmate/proto';
import type { BookingRow, EventRow } from '../../db/types';
import type { UserRow } from './repository';

/** Texts of this module the contract has no words for. */
export const BOOKING_MESSAGES = {
  requestSent: EVENT_MESSAGES.requestPending,
  joined: EVENT_MESSAGES.alreadyJoined,
  userAdded: 'User added to the event',
  userAddedComplimentary: 'User added to the event with a complimentary seat',
  approved: 'Join request approved',
  rejected: 'Join request rejected',
  requestDecided: EVENT_MESSAGES.requestDecided,
  cancelled: 'Booking cancelled',
  paidNotCancellable: EVENT_MESSAGES.paidNotCancellable,
} as const;

export const eventNotFound = () => notFound(EVENT_MESSAGES.eventNotFound, 'event_not_found');
export const bookingNotFound = () => notFound(EVENT_MESSAGES.bookingNotFound, 'booking_not_found');
export const eventFull = () => conflict(EVENT_MESSAGES.eventFull, 'event_full');

/** An event whose end (or start, when it has no end) has passed, or that was marked completed. */
export function isPast(event: EventRow, now: Date): boolean {
  if (event.status === 'completed') return true;
  return (event.endTime ?? event.startTime).getTime() < now.getTime();
}

/** An event that takes people now: there, not cancelled, not over. */
export function refuseClosed(event: EventRow | undefined, now: Date): asserts event is EventRow {
  if (!event || event.deletedAt) throw eventNotFound();
  if (event.status === 'cancelled') throw conflict(EVENT_MESSAGES.eventCancelled, 'event_cancelled');
  if (isPast(event, now)) throw conflict(EVENT_MESSAGES.eventPast, 'event_past');
}

/** A booking that stands in the way of joining again: 409 with the person's current standing. */
export function refuseExisting(existing: Pick<BookingRow, 'status'> | undefined): void {
  if (!existing || existing.status === 'cancelled') return;
  if (existing.status === 'pending') throw conflict(EVENT_MESSAGES.requestPending, 'request_pending');
  if (existing.status === 'rejected') throw conflict(EVENT_MESSAGES.requestRejected, 'request_rejected');
  throw conflict(EVENT_MESSAGES.alreadyJoined, 'already_joined');
}

export function refuseOwnGame(event: EventRow, userId: number): void {
  if (event.creatorUserId === userId) throw conflict(EVENT_MESSAGES.ownGame, 'own_game');
}

const outsideGate = (message: string) => new HttpError(403, message, 'outside_gate');

/**
 * The handicap and skill gate of a member game (beyond the spec): a person outside the range, or
 * without the handicap or skill level the game asks for, is refused. Lower handicaps play better.
 */
export function refuseOutsideGate(event: EventRow, person: UserRow | undefined): void {
  if (event.eventType !== 'member_game') return;
  const { minHandicap: min, maxHandicap: max, minSkillLevel } = event;
  if (min !== null || max !== null) {
    const handicap = person?.manualHandicap ?? null;
    if (handicap === null) throw outsideGate(EVENT_MESSAGES.handicapNeeded);
    if ((min !== null && handicap < min) || (max !== null && handicap > max))
      throw outsideGate(handicapRangeMessage(min, max));
  }
  if (minSkillLevel) {
    const levels = SKILL_LEVELS as readonly string[];
    const skill = person?.skillLevel ?? null;
    if (skill === null || !levels.includes(skill)) throw outsideGate(EVENT_MESSAGES.skillNeeded);
    if (levels.indexOf(skill) < levels.indexOf(minSkillLevel))
      throw outsideGate(skillGateMessage(minSkillLevel));
  }
}

export const notCreator = () => forbidden(EVENT_MESSAGES.notCreator, 'not_creator');
