import { OFFICIAL_EVENT_TYPE } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantCount } from './counts';
import { type EventsBookingsUnderTest, startEventsBookings } from './fixtures';

const CROWD = 200;
const CAPACITY = 10;

/** Many people at once against the last seats: the event lock gives each seat once. */
describe('events-bookings: capacity under concurrent joins and approvals', () => {
  let eb: EventsBookingsUnderTest;

  beforeAll(async () => {
    // Enough connections that the 200 requests really do contend for the event's lock.
    eb = await startEventsBookings({ DB_POOL_MAX: '20' });
  });
  afterAll(async () => {
    await eb?.close();
  });

  const people = async (n: number) => {
    const crowd = [];
    for (let i = 0; i < n; i++) crowd.push(await eb.person());
    return crowd;
  };

  it('when 200 people join a capacity-10 free official event at once, then exactly 10 get seats and the rest hear it is full', async () => {
    const event = await eb.event({ eventType: OFFICIAL_EVENT_TYPE, capacity: CAPACITY });
    const crowd = await people(CROWD);
    const started = performance.now();
    const answers = await Promise.all(crowd.map((p) => eb.post(`/events/${event.id}/join`, {}, p.token)));
    const elapsed = performance.now() - started;
    const confirmed = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(confirmed).toHaveLength(CAPACITY);
    expect(refused).toHaveLength(CROWD - CAPACITY);
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ error: 'This event is full.', code: 'event_full' });
    }
    expect(await participantCount(eb, event.id)).toBe(CAPACITY);
    const rows = await eb.pool.query(
      `select status, count(*)::int as n from bookings where event_id = $1 group by status`,
      [event.id],
    );
    expect(rows.rows).toEqual([{ status: 'confirmed', n: CAPACITY }]);
    const announced = (await eb.published('events.booking.confirmed')).filter(
      (e) => (e.data as { event_id: number }).event_id === event.id,
    );
    expect(announced).toHaveLength(CAPACITY);
    console.info(`${CROWD} concurrent joins answered in ${Math.round(elapsed)} ms`);
  });

  it('when the creator approves 200 pending requests at once on a capacity-10 game, then exactly 10 are approved', async () => {
    const creator = await eb.person();
    const game = await eb.event({ creatorUserId: creator.id, capacity: CAPACITY });
    const crowd = await people(CROWD);
    const requests = [];
    for (const person of crowd) {
      const res = await eb.post(`/events/${game.id}/join`, {}, person.token);
      expect(res.statusCode, res.body).toBe(201);
      requests.push(res.json().booking.id as number);
    }
    const started = performance.now();
    const answers = await Promise.all(
      requests.map((id) => eb.put(`/member-games/${game.id}/join-requests/${id}/approve`, {}, creator.token)),
    );
    const elapsed = performance.now() - started;
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(CAPACITY);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('event_full');
    }
    expect(await participantCount(eb, game.id)).toBe(CAPACITY);
    const rows = await eb.pool.query(
      `select status, count(*)::int as n from bookings where event_id = $1 group by status order by status`,
      [game.id],
    );
    expect(rows.rows).toEqual([
      { status: 'confirmed', n: CAPACITY },
      { status: 'pending', n: CROWD - CAPACITY },
    ]);
    console.info(`${CROWD} concurrent approvals answered in ${Math.round(elapsed)} ms`);
  });
});
