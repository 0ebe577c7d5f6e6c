import { type Booking, EVENT_MESSAGES, handicapRangeMessage, OFFICIAL_EVENT_TYPE } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantCount } from './counts';
import { type EventsBookingsUnderTest, type Person, startEventsBookings } from './fixtures';

const OFFER_MINUTES = 45;

describe('events-bookings: the waitlist of a full event', () => {
  let eb: EventsBookingsUnderTest;
  let admin: Person;

  beforeAll(async () => {
    eb = await startEventsBookings({ WAITLIST_OFFER_MINUTES: String(OFFER_MINUTES) });
    admin = await eb.person({ role: 'admin' });
  });
  afterAll(async () => {
    await eb?.close();
  });

  const wait = (eventId: number, person: Person) => eb.post(`/events/${eventId}/waitlist`, {}, person.token);
  const leave = (eventId: number, person: Person) => eb.delete(`/events/${eventId}/waitlist`, person.token);
  const seatFor = async (eventId: number, person: Person) => {
    const res = await eb.post(`/admin/events/${eventId}/add-user`, { user_id: person.id }, admin.token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().booking as Booking;
  };
  const cancel = async (booking: Booking, person: Person) => {
    const res = await eb.post(`/bookings/${booking.id}/cancel`, {}, person.token);
    expect(res.statusCode, res.body).toBe(200);
  };
  const bookingOf = async (eventId: number, person: Person) =>
    (await eb.pool.query('select * from bookings where event_id = $1 and user_id = $2', [eventId, person.id]))
      .rows[0];
  const entryOf = async (eventId: number, person: Person) =>
    (
      await eb.pool.query(
        'select * from waitlist_entries where event_id = $1 and user_id = $2 order by id desc',
        [eventId, person.id],
      )
    ).rows[0];
  const mailsTo = async (person: Person, template: string) =>
    (await eb.published('notifications.email.requested')).filter(
      (e) =>
        (e.data as { user_id: number; template: string }).user_id === person.id &&
        (e.data as { template: string }).template === template,
    );

  it('when the event still has seats, then joining the waitlist is refused with 409', async () => {
    const event = await eb.event({ eventType: OFFICIAL_EVENT_TYPE, capacity: 2 });
    const res = await wait(event.id, await eb.person());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: EVENT_MESSAGES.notFullNoWaitlist, code: 'not_full' });
  });

  it('when people join the waitlist of a full event, then they get their places in line, once each', async () => {
    const event = await eb.event({ eventType: OFFICIAL_EVENT_TYPE, capacity: 1 });
    const holder = await eb.person();
    await seatFor(event.id, holder);
    const [first, second] = [await eb.person(), await eb.person()];
    const one = await wait(event.id, first);
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().entry).toEqual({
      event_id: event.id,
      status: 'waiting',
      position: 1,
      offer_expires_at: null,
    });
    expect((await wait(event.id, second)).json().entry.position).toBe(2);
    const again = await wait(event.id, first);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: EVENT_MESSAGES.alreadyWaiting, code: 'already_waiting' });
    const booked = await wait(event.id, holder);
    expect(booked.statusCode).toBe(409);
    expect(booked.json().error).toBe(EVENT_MESSAGES.alreadyJoined);
    expect((await eb.post(`/events/${event.id}/waitlist`, {})).statusCode).toBe(401);
    expect((await wait(event.id, await eb.person({ member: false }))).statusCode).toBe(402);
  });

  it('when a person leaves the waitlist, then the next moves up; leaving again is 404', async () => {
    const event = await eb.event({ eventType: OFFICIAL_EVENT_TYPE, capacity: 1 });
    await seatFor(event.id, await eb.person());
    const [first, second] = [await eb.person(), await eb.person()];
    await wait(event.id, first);
    await wait(event.id, second);
    const res = await leave(event.id, first);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('You have left the waitlist');
    expect((await entryOf(event.id, first)).status).toBe('left');
    const again = await leave(event.id, first);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(EVENT_MESSAGES.notWaiting);
    // Back in line, now behind the second.
    expect((await wait(event.id, first)).json().entry.position).toBe(2);
  });

  it('when a game has a handicap range, then the waitlist applies it too', async () => {
    const creator = await eb.person();
    const game = await eb.event({ creatorUserId: creator.id, capacity: 1, minHandicap: 0, maxHandicap: 18 });
    await seatFor(game.id, await eb.person({ handicap: 9 }));
    const res = await wait(game.id, await eb.person({ handicap: 30 }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: handicapRangeMessage(0, 18), code: 'outside_gate' });
    expect((await wait(game.id, creator)).json().error).toBe(EVENT_MESSAGES.ownGame);
  });

  it('when a confirmed person cancels on a full free official event, then the first in line is confirmed and told', async () => {
    const event = await eb.event({ eventType: OFFICIAL_EVENT_TYPE, capacity: 1 });
    const holder = await eb.person();
    const booking = await seatFor(event.id, holder);
    const [first, second] = [await eb.person(), await eb.person()];
    await wait(event.id, first);
    await wait(event.id, second);
    await cancel(booking, holder);
    expect((await bookingOf(event.id, first)).status).toBe('confirmed');
    expect((await entryOf(event.id, first)).status).toBe('promoted');
    expect(await participantCount(eb, event.id)).toBe(1);
    expect(await bookingOf(event.id, second)).toBeUndefined();
    expect((await wait(event.id, await eb.person())).json().entry.position).toBe(2);
    const confirmed = (await eb.published('events.booking.confirmed')).filter(
      (e) => (e.data as { user_id: number }).user_id === first.id,
    );
    expect(confirmed).toHaveLength(1);
    const [mail] = await mailsTo(first, 'waitlist-promoted');
    expect(mail?.data).toMatchObject({
      variables: { event_id: event.id, event_title: event.title, outcome: 'confirmed' },
    });
  });

  it('when a confirmed person cancels on a full card-paid event, then the first in line is offered a held seat for a while', async () => {
    const event = await eb.event({
      eventType: OFFICIAL_EVENT_TYPE,
      capacity: 1,
      pricePerParticipant: 4000,
      currency: 'NZD',
    });
    const holder = await eb.person();
    const booking = await seatFor(event.id, holder);
    const [first, second] = [await eb.person(), await eb.person()];
    await wait(event.id, first);
    await wait(event.id, second);
    const before = eb.clock.now().getTime();
    await cancel(booking, holder);
    const entry = await entryOf(event.id, first);
    expect(entry.status).toBe('offered');
    const { rows: holds } = await eb.pool.query('select * from seat_holds where id = $1', [entry.hold_id]);
    expect(holds[0]).toMatchObject({
      event_id: event.id,
      user_id: first.id,
      status: 'held',
      seats: 1,
      items: [],
      subtotal: 0,
      gst_amount: 0,
      total: 0,
      currency: 'NZD',
      payment_intent_id: null,
    });
    const expires = new Date(holds[0].expires_at).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + OFFER_MINUTES * 60_000);
    expect(expires).toBeLessThan(before + OFFER_MINUTES * 60_000 + 60_000);
    expect(new Date(entry.offer_expires_at).getTime()).toBe(expires);
    // The held seat is not free to anyone else, and the second stays in line.
    expect((await entryOf(event.id, second)).status).toBe('waiting');
    const full = await eb.post(
      `/admin/events/${event.id}/add-user`,
      { user_id: (await eb.person()).id },
      admin.token,
    );
    expect(full.json().code).toBe('event_full');
    const offered = (await eb.published('events.waitlist.offered')).find(
      (e) => (e.data as { user_id: number }).user_id === first.id,
    );
    expect(offered?.data).toMatchObject({
      event_id: event.id,
      offer_expires_at: new Date(expires).toISOString(),
    });
    const [mail] = await mailsTo(first, 'waitlist-offered');
    expect(mail?.data).toMatchObject({
      variables: { event_id: event.id, offer_expires_at: new Date(expires).toISOString() },
    });
    expect((await wait(event.id, first)).json().error).toBe(EVENT_MESSAGES.alreadyWaiting);

    // Turning the offer down passes the seat to the next in line.
    const declined = await leave(event.id, first);
    expect(declined.json().entry).toMatchObject({ status: 'offered', position: 1 });
    expect(
      (await eb.pool.query('select status from seat_holds where id = $1', [entry.hold_id])).rows[0].status,
    ).toBe('released');
    expect((await entryOf(event.id, second)).status).toBe('offered');
  });

  it('when a confirmed player cancels on a full member game, then the first in line becomes a join request for the creator', async () => {
    const creator = await eb.person();
    const game = await eb.event({ creatorUserId: creator.id, capacity: 1 });
    const holder = await eb.person();
    const booking = await seatFor(game.id, holder);
    const [first, second] = [await eb.person(), await eb.person()];
    await wait(game.id, first);
    await wait(game.id, second);
    await cancel(booking, holder);
    expect((await bookingOf(game.id, first)).status).toBe('pending');
    expect((await entryOf(game.id, first)).status).toBe('promoted');
    // A request takes no seat, but only as many are made as there are seats.
    expect((await entryOf(game.id, second)).status).toBe('waiting');
    expect(await participantCount(eb, game.id)).toBe(0);
    const submitted = (await eb.published('events.join-request.submitted')).find(
      (e) => (e.data as { user_id: number }).user_id === first.id,
    );
    expect(submitted?.data).toMatchObject({ event_id: game.id, creator_user_id: creator.id });
    const [mail] = await mailsTo(first, 'waitlist-promoted');
    expect(mail?.data).toMatchObject({ variables: { outcome: 'requested' } });
    const requests = await eb.get(`/member-games/${game.id}/join-requests`, creator.token);
    expect(requests.json().join_requests.map((r: { user_id: number }) => r.user_id)).toEqual([first.id]);
  });
});
