import { describe, expect, it } from 'vitest';
import { type EventChatLookups, type EventChatSubject, mayReachEventChat } from '../src';

/**
 * The world these cases look at: venue 10 is run by person 3, venue 20 by person 4; coach profile 7
 * is held by person 5, coach profile 8 by person 6; person 2 holds a confirmed seat of every event.
 */
const lookups = (): EventChatLookups & { calls: string[] } => {
  const calls: string[] = [];
  return {
    calls,
    async venueIdsRunBy(userId) {
      calls.push('venues');
      return ({ 3: [10], 4: [20] } as Record<number, number[]>)[userId] ?? [];
    },
    async coachIdOfUser(userId) {
      calls.push('coach');
      return ({ 5: 7, 6: 8 } as Record<number, number>)[userId] ?? null;
    },
    async isConfirmedPlayer(_eventId, userId) {
      calls.push('seat');
      return userId === 2;
    },
  };
};

/** A members' game organised by person 1 at venue 10, and coach profile 7's clinic at venue 20. */
const memberGame: EventChatSubject = { id: 100, creatorUserId: 1, venueId: 10, coachProfileId: null };
const clinic: EventChatSubject = { id: 200, creatorUserId: 99, venueId: 20, coachProfileId: 7 };

const reach = (userId: number, role: string, event: EventChatSubject) =>
  mayReachEventChat({ user_id: userId, role }, event, lookups());

describe('mayReachEventChat: who may use an event chat', () => {
  it('when a site admin or an admin asks, then every chat, without looking anything up', async () => {
    for (const role of ['admin', 'site_admin']) {
      const l = lookups();
      expect(await mayReachEventChat({ user_id: 50, role }, memberGame, l)).toBe(true);
      expect(await mayReachEventChat({ user_id: 50, role }, clinic, l)).toBe(true);
      expect(l.calls).toEqual([]);
    }
  });

  it('when the organiser or a confirmed player asks, then yes, whatever their role', async () => {
    for (const role of ['member', 'coach', 'facility_admin', 'coach_admin']) {
      expect(await reach(1, role, memberGame)).toBe(true);
      expect(await reach(2, role, memberGame)).toBe(true);
      expect(await reach(2, role, clinic)).toBe(true);
    }
  });

  it('when anyone else without an admin scope asks (a member, a coach), then no', async () => {
    expect(await reach(50, 'member', memberGame)).toBe(false);
    expect(await reach(50, 'coach', memberGame)).toBe(false);
    // A plain coach holding the event's coach profile has no admin scope over it.
    expect(await reach(5, 'coach', clinic)).toBe(false);
    expect(await reach(3, 'member', memberGame)).toBe(false);
  });

  it('when a facility admin asks, then only the chats of events at venues naming them', async () => {
    expect(await reach(3, 'facility_admin', memberGame)).toBe(true);
    expect(await reach(3, 'facility_admin', clinic)).toBe(false);
    expect(await reach(4, 'facility_admin', memberGame)).toBe(false);
    expect(await reach(4, 'facility_admin', clinic)).toBe(true);
    expect(await reach(50, 'facility_admin', memberGame)).toBe(false);
    expect(await reach(3, 'facility_admin', { ...memberGame, venueId: null })).toBe(false);
  });

  it('when a coach admin asks, then only the chats of events of the coach profile they hold', async () => {
    expect(await reach(5, 'coach_admin', clinic)).toBe(true);
    expect(await reach(5, 'coach_admin', memberGame)).toBe(false);
    expect(await reach(6, 'coach_admin', clinic)).toBe(false);
    // No coach profile held: nothing, even for an event without a coach.
    expect(await reach(50, 'coach_admin', memberGame)).toBe(false);
  });

  it('when the event has no organiser, then nobody reaches it as organiser', async () => {
    expect(await reach(50, 'member', { ...memberGame, creatorUserId: null })).toBe(false);
  });
});
