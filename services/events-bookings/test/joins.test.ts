import {
  EVENT_MESSAGES,
  handicapRangeMessage,
  OFFICIAL_EVENT_TYPE,
  skillGateMessage,
} from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantCount } from './counts';
import { type EventsBookingsUnderTest, startEventsBookings } from './fixtures';

const DAY = 24 * 3600_000;

describe('events-bookings: joining events', () => {
  let eb: EventsBookingsUnderTest;

  beforeAll(async () => {
    eb = await startEventsBookings();
  });
  afterAll(async () => {
    await eb?.close();
  });

  const join = (eventId: number, token?: string, notes?: string) =>
    eb.post(`/events/${eventId}/join`, notes === undefined ? {} : { notes }, token);
  const official = (overrides = {}) =>
    eb.event({ eventType: OFFICIAL_EVENT_TYPE, capacity: 10, ...overrides });
  const eventsOf = async (type: string, eventId: number) =>
    (await eb.published(type)).filter((e) => (e.data as { event_id: number }).event_id === eventId);

  it('when an anonymous visitor joins, then 401', async () => {
    const event = await official();
    expect((await join(event.id)).statusCode).toBe(401);
  });

  it('when a member without a membership joins, then 402 with the membership redirect', async () => {
    const event = await official();
    const lapsed = await eb.person({ member: false });
    const res = await join(event.id, lapsed.token);
    expect(res.statusCode).toBe(402);
    expect(res.json().membership_required).toBe(true);
  });

  it('when a member joins an open free official event, then the seat is confirmed, counted and announced', async () => {
    const event = await official();
    const rae = await eb.person();
    const res = await join(event.id, rae.token, 'Bringing my own buggy');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('You have joined this event');
    expect(res.json().booking).toMatchObject({
      event_id: event.id,
      booking_status: 'confirmed',
      seats: 1,
      notes: 'Bringing my own buggy',
      event_title: event.title,
      event_type: OFFICIAL_EVENT_TYPE,
      venue_name: expect.stringContaining('Test Links'),
      amount_paid: null,
    });
    expect(await participantCount(eb, event.id)).toBe(1);
    const [confirmed] = await eventsOf('events.booking.confirmed', event.id);
    expect(confirmed?.data).toMatchObject({
      user_id: rae.id,
      status: 'confirmed',
      seats: 1,
      previous_status: null,
    });
  });

  it('when a member asks to join a member game, then the request is pending, takes no seat and its creator is told', async () => {
    const creator = await eb.person();
    const game = await eb.event({ creatorUserId: creator.id });
    const sam = await eb.person();
    const res = await join(game.id, sam.token, 'Happy to walk');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Your request is pending approval');
    expect(res.json().booking.booking_status).toBe('pending');
    expect(await participantCount(eb, game.id)).toBe(0);
    const [submitted] = await eventsOf('events.join-request.submitted', game.id);
    expect(submitted?.data).toMatchObject({
      request_id: res.json().booking.id,
      user_id: sam.id,
      creator_user_id: creator.id,
      notes: 'Happy to walk',
    });
    expect(await eventsOf('events.booking.confirmed', game.id)).toEqual([]);
  });

  it('when the event does not exist or was deleted, then 404', async () => {
    const ann = await eb.person();
    expect((await join(999_999, ann.token)).json()).toMatchObject({ error: EVENT_MESSAGES.eventNotFound });
    const deleted = await official({ deletedAt: eb.clock.now() });
    const res = await join(deleted.id, ann.token);
    expect(res.statusCode).toBe(404);
  });

  it('when the event was cancelled, then 409 with its message', async () => {
    const ann = await eb.person();
    const event = await official({ status: 'cancelled' });
    const res = await join(event.id, ann.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: EVENT_MESSAGES.eventCancelled, code: 'event_cancelled' });
  });

  it('when the event has ended, or started without an end, then 409 it has taken place', async () => {
    const ann = await eb.person();
    const now = eb.clock.now().getTime();
    const ended = await official({ startTime: new Date(now - 2 * DAY), endTime: new Date(now - DAY) });
    const started = await official({ startTime: new Date(now - 3600_000), endTime: null });
    for (const event of [ended, started]) {
      const res = await join(event.id, ann.token);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: EVENT_MESSAGES.eventPast, code: 'event_past' });
    }
  });

  it('when the event is still under way (started, not ended), then joining is allowed', async () => {
    const ann = await eb.person();
    const now = eb.clock.now().getTime();
    const running = await official({
      startTime: new Date(now - 3600_000),
      endTime: new Date(now + 3600_000),
    });
    expect((await join(running.id, ann.token)).statusCode).toBe(201);
  });

  it('when the event is paid by card (a price, or a priced slot type), then 409 card_payment_required', async () => {
    const ann = await eb.person();
    const priced = await official({ pricePerParticipant: 2500 });
    const slotted = await official();
    await eb.pool.query(
      `insert into ticket_types (event_id, name, price_per_ticket) values ($1, 'Early bird', 1500)`,
      [slotted.id],
    );
    for (const event of [priced, slotted]) {
      const res = await join(event.id, ann.token);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: EVENT_MESSAGES.paidEventUsesCheckout,
        code: 'card_payment_required',
      });
    }
    expect(
      (await eb.pool.query('select count(*)::int as n from bookings where user_id = $1', [ann.id])).rows[0].n,
    ).toBe(0);
  });

  it('when a member game has a price, then joining is still a free request (paid at the venue or to the creator)', async () => {
    const creator = await eb.person();
    const game = await eb.event({ creatorUserId: creator.id, pricePerParticipant: 3000 });
    const res = await join(game.id, (await eb.person()).token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().booking.booking_status).toBe('pending');
  });

  it('when the creator joins their own game, then 409 own game', async () => {
    const creator = await eb.person();
    const game = await eb.event({ creatorUserId: creator.id });
    const res = await join(game.id, creator.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: EVENT_MESSAGES.ownGame, code: 'own_game' });
  });

  it('when a person joins again, then 409 with their current standing: joined, pending or rejected', async () => {
    const creator = await eb.person();
    const game = await eb.event({ creatorUserId: creator.id });
    const event = await official();
    const pat = await eb.person();
    expect((await join(event.id, pat.token)).statusCode).toBe(201);
    expect((await join(event.id, pat.token)).json()).toMatchObject({
      error: EVENT_MESSAGES.alreadyJoined,
      code: 'already_joined',
    });
    const request = (await join(game.id, pat.token)).json().booking;
    const again = await join(game.id, pat.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: EVENT_MESSAGES.requestPending, code: 'request_pending' });
    await eb.put(`/member-games/${game.id}/join-requests/${request.id}/reject`, {}, creator.token);
    expect((await join(game.id, pat.token)).json()).toMatchObject({
      error: EVENT_MESSAGES.requestRejected,
      code: 'request_rejected',
    });
  });

  it('when a person who cancelled joins again, then their booking is reused', async () => {
    const event = await official();
    const lee = await eb.person();
    const first = (await join(event.id, lee.token)).json().booking;
    expect((await eb.post(`/bookings/${first.id}/cancel`, {}, lee.token)).statusCode).toBe(200);
    const again = await join(event.id, lee.token);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().booking).toMatchObject({ id: first.id, booking_status: 'confirmed' });
    expect(await participantCount(eb, event.id)).toBe(1);
  });

  it('when a crowd joins at once, then the turn answers each alone: one seat each, a repeat hears it joined, a cancelled booking is reused, each seat announced once', async () => {
    const event = await official({ capacity: 4 });
    const [ann, ben, cal, dee] = await Promise.all([1, 2, 3, 4].map(() => eb.person()));
    const earlier = (await join(event.id, cal!.token)).json().booking;
    expect((await eb.post(`/bookings/${earlier.id}/cancel`, {}, cal!.token)).statusCode).toBe(200);

    // Sent together, they wait for the same turn of the event (in whatever order they reach it).
    const [annFirst, benAnswer, annAgain, calAnswer, deeAnswer] = await Promise.all(
      [ann, ben, ann, cal, dee].map((person, i) => join(event.id, person!.token, `note ${i}`)),
    );
    expect([annFirst!.statusCode, annAgain!.statusCode].sort()).toEqual([201, 409]);
    expect([annFirst, annAgain].find((a) => a!.statusCode === 409)!.json()).toMatchObject({
      error: EVENT_MESSAGES.alreadyJoined,
      code: 'already_joined',
    });
    expect([benAnswer!.statusCode, calAnswer!.statusCode, deeAnswer!.statusCode]).toEqual([201, 201, 201]);
    expect(calAnswer!.json().booking).toMatchObject({
      id: earlier.id,
      booking_status: 'confirmed',
      notes: 'note 3',
    });
    expect(deeAnswer!.json().booking).toMatchObject({ booking_status: 'confirmed', notes: 'note 4' });
    expect(await participantCount(eb, event.id)).toBe(4);
    const confirmed = await eventsOf('events.booking.confirmed', event.id);
    expect(confirmed.map((e) => (e.data as { user_id: number }).user_id).sort()).toEqual(
      [ann!.id, ben!.id, cal!.id, cal!.id, dee!.id].sort(),
    );
    const rejoined = confirmed.filter((e) => (e.data as { user_id: number }).user_id === cal!.id);
    expect(
      rejoined.map((e) => (e.data as { previous_status: string | null }).previous_status).sort(),
    ).toEqual(['cancelled', null].sort());
  });

  it('when more people than seats join at once, then exactly the seats are given and the rest hear it is full', async () => {
    const event = await official({ capacity: 3 });
    const crowd = await Promise.all([1, 2, 3, 4, 5, 6].map(() => eb.person()));
    const answers = await Promise.all(crowd.map((person) => join(event.id, person.token)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.json()).toMatchObject({ error: 'This event is full.', code: 'event_full' });
    }
    expect(await participantCount(eb, event.id)).toBe(3);
    const seated = crowd.filter((_, i) => answers[i]!.statusCode === 201).map((person) => person.id);
    const confirmed = await eventsOf('events.booking.confirmed', event.id);
    expect(confirmed.map((e) => (e.data as { user_id: number }).user_id).sort()).toEqual(seated.sort());
  });

  it('when a crowd asks to join a member game at once, then each request is pending and its creator told of each', async () => {
    const creator = await eb.person();
    const game = await eb.event({ creatorUserId: creator.id, capacity: 2 });
    const crowd = await Promise.all([1, 2, 3].map(() => eb.person()));
    const answers = await Promise.all(crowd.map((person) => join(game.id, person.token)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(answers.map((a) => a.json().booking.booking_status)).toEqual(['pending', 'pending', 'pending']);
    expect(await participantCount(eb, game.id)).toBe(0);
    const told = await eventsOf('events.join-request.submitted', game.id);
    expect(told.map((e) => (e.data as { user_id: number }).user_id).sort()).toEqual(
      crowd.map((p) => p.id).sort(),
    );
  });

  it('when the writes of a turn fail for one person, then the others still get their seats and that person alone hears the error', async () => {
    const event = await official({ capacity: 5 });
    const crowd = await Promise.all([1, 2, 3].map(() => eb.person()));
    const unlucky = crowd[1]!;
    // A real failure of the database for one person's booking (as a broken row or constraint would be).
    await eb.pool.query(`
      create or replace function refuse_unlucky_booking() returns trigger language plpgsql as $$
      begin
        if new.user_id = ${unlucky.id} then raise exception 'this booking cannot be written'; end if;
        return new;
      end $$;
      create trigger refuse_unlucky_booking before insert on bookings
        for each row execute function refuse_unlucky_booking();`);
    try {
      const answers = await Promise.all(crowd.map((person) => join(event.id, person.token)));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 500, 201]);
    } finally {
      await eb.pool.query(
        'drop trigger refuse_unlucky_booking on bookings; drop function refuse_unlucky_booking();',
      );
    }
    expect(await participantCount(eb, event.id)).toBe(2);
    const confirmed = await eventsOf('events.booking.confirmed', event.id);
    expect(confirmed.map((e) => (e.data as { user_id: number }).user_id).sort()).toEqual(
      [crowd[0]!.id, crowd[2]!.id].sort(),
    );
  });

  it('when the event is full, then 409 This event is full (a full member game takes no more requests either)', async () => {
    const event = await official({ capacity: 1 });
    expect((await join(event.id, (await eb.person()).token)).statusCode).toBe(201);
    const late = await join(event.id, (await eb.person()).token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'This event is full.', code: 'event_full' });

    const creator = await eb.person();
    const game = await eb.event({ creatorUserId: creator.id, capacity: 1 });
    const request = (await join(game.id, (await eb.person()).token)).json().booking;
    await eb.put(`/member-games/${game.id}/join-requests/${request.id}/approve`, {}, creator.token);
    const refused = await join(game.id, (await eb.person()).token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('event_full');
  });

  it('when a game has a handicap range, then people without a handicap or outside it get 403 and those inside get in', async () => {
    const creator = await eb.person();
    const game = await eb.event({ creatorUserId: creator.id, minHandicap: 10, maxHandicap: 20 });
    const none = await join(game.id, (await eb.person()).token);
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ error: EVENT_MESSAGES.handicapNeeded, code: 'outside_gate' });
    for (const handicap of [4.5, 24]) {
      const res = await join(game.id, (await eb.person({ handicap })).token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: handicapRangeMessage(10, 20), code: 'outside_gate' });
    }
    for (const handicap of [10, 20, 14.2]) {
      expect((await join(game.id, (await eb.person({ handicap })).token)).statusCode).toBe(201);
    }
    const upTo = await eb.event({ creatorUserId: creator.id, maxHandicap: 12 });
    expect((await join(upTo.id, (await eb.person({ handicap: 18 })).token)).json().error).toBe(
      handicapRangeMessage(null, 12),
    );
  });

  it('when a game asks for a skill level, then people below it or without one get 403 and those at or above it get in', async () => {
    const creator = await eb.person();
    const game = await eb.event({ creatorUserId: creator.id, minSkillLevel: 'intermediate' });
    const none = await join(game.id, (await eb.person()).token);
    expect(none.json()).toMatchObject({ error: EVENT_MESSAGES.skillNeeded, code: 'outside_gate' });
    const beginner = await join(game.id, (await eb.person({ skill: 'beginner' })).token);
    expect(beginner.statusCode).toBe(403);
    expect(beginner.json().error).toBe(skillGateMessage('intermediate'));
    expect((await join(game.id, (await eb.person({ skill: 'intermediate' })).token)).statusCode).toBe(201);
    expect((await join(game.id, (await eb.person({ skill: 'pro' })).token)).statusCode).toBe(201);
  });
});
