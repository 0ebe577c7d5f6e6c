import { EVENT_MESSAGES, type JoinRequest } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantCount } from './counts';
import { type EventsBookingsUnderTest, type Person, startEventsBookings } from './fixtures';

describe('events-bookings: join requests of member games', () => {
  let eb: EventsBookingsUnderTest;

  beforeAll(async () => {
    eb = await startEventsBookings();
  });
  afterAll(async () => {
    await eb?.close();
  });

  const requests = (gameId: number, token: string) => eb.get(`/member-games/${gameId}/join-requests`, token);
  const decide = (gameId: number, requestId: number, decision: 'approve' | 'reject', token: string) =>
    eb.put(`/member-games/${gameId}/join-requests/${requestId}/${decision}`, {}, token);
  const ask = async (gameId: number, person: Person, notes?: string) => {
    const res = await eb.post(`/events/${gameId}/join`, notes ? { notes } : {}, person.token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().booking as { id: number };
  };
  const status = async (bookingId: number) =>
    (await eb.pool.query('select status from bookings where id = $1', [bookingId])).rows[0]?.status;
  const eventsOf = async (type: string, eventId: number) =>
    (await eb.published(type)).filter((e) => (e.data as { event_id: number }).event_id === eventId);

  it('when the creator lists requests, then the pending ones come oldest first with who asked', async () => {
    const creator = await eb.person();
    const game = await eb.event({ creatorUserId: creator.id });
    const ada = await eb.person({ username: 'ada_drives', handicap: 12.4, skill: 'intermediate' });
    const bo = await eb.person({ username: 'bo_putts' });
    const cy = await eb.person();
    const first = await ask(game.id, ada, 'Free after 7');
    const second = await ask(game.id, bo);
    const third = await ask(game.id, cy);
    await decide(game.id, third.id, 'reject', creator.token);
    const res = await requests(game.id, creator.token);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().join_requests as JoinRequest[];
    expect(list.map((r) => r.id)).toEqual([first.id, second.id]);
    expect(list[0]).toMatchObject({
      event_id: game.id,
      user_id: ada.id,
      user_username: 'ada_drives',
      user_first_name: 'Test',
      user_last_name: `Golfer ${ada.id}`,
      user_handicap: 12.4,
      user_skill_level: 'intermediate',
      notes: 'Free after 7',
    });
  });

  it('when someone other than the creator lists requests, then 403; an unknown game 404', async () => {
    const creator = await eb.person();
    const game = await eb.event({ creatorUserId: creator.id });
    const other = await eb.person();
    const res = await requests(game.id, other.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: EVENT_MESSAGES.notCreator, code: 'not_creator' });
    expect((await requests(999_999, creator.token)).statusCode).toBe(404);
    expect((await eb.get(`/member-games/${game.id}/join-requests`)).statusCode).toBe(401);
  });

  it('when the creator approves, then the seat is confirmed, counted, and approval and booking are announced', async () => {
    const creator = await eb.person();
    const game = await eb.event({ creatorUserId: creator.id });
    const dee = await eb.person();
    const request = await ask(game.id, dee);
    const res = await decide(game.id, request.id, 'approve', creator.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Join request approved',
      booking: { id: request.id, booking_status: 'confirmed' },
      current_participant_count: 1,
    });
    expect(await participantCount(eb, game.id)).toBe(1);
    expect((await eventsOf('events.join-request.approved', game.id))[0]?.data).toMatchObject({
      request_id: request.id,
      user_id: dee.id,
      creator_user_id: creator.id,
    });
    expect((await eventsOf('events.booking.confirmed', game.id))[0]?.data).toMatchObject({
      booking_id: request.id,
      previous_status: 'pending',
    });
    const mail = (await eb.published('notifications.email.requested')).find(
      (e) => (e.data as { user_id: number }).user_id === dee.id,
    );
    expect(mail?.data).toMatchObject({
      template: 'join-request-decided',
      variables: { approved: true, event_id: game.id },
    });
    expect((await requests(game.id, creator.token)).json().join_requests).toEqual([]);
  });

  it('when the creator rejects, then the request is rejected, announced, and the person told', async () => {
    const creator = await eb.person();
    const game = await eb.event({ creatorUserId: creator.id });
    const eve = await eb.person();
    const request = await ask(game.id, eve);
    const res = await decide(game.id, request.id, 'reject', creator.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Join request rejected',
      booking: { booking_status: 'rejected' },
      current_participant_count: 0,
    });
    expect(await eventsOf('events.join-request.rejected', game.id)).toHaveLength(1);
    const mail = (await eb.published('notifications.email.requested')).find(
      (e) => (e.data as { user_id: number }).user_id === eve.id,
    );
    expect(mail?.data).toMatchObject({ template: 'join-request-decided', variables: { approved: false } });
  });

  it('when someone other than the creator approves or rejects, then 403 and nothing changes', async () => {
    const creator = await eb.person();
    const game = await eb.event({ creatorUserId: creator.id });
    const request = await ask(game.id, await eb.person());
    const admin = await eb.person({ role: 'admin' });
    for (const intruder of [await eb.person(), admin]) {
      for (const decision of ['approve', 'reject'] as const) {
        const res = await decide(game.id, request.id, decision, intruder.token);
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe(EVENT_MESSAGES.notCreator);
      }
    }
    expect(await status(request.id)).toBe('pending');
    expect(await participantCount(eb, game.id)).toBe(0);
    expect(await eventsOf('events.join-request.approved', game.id)).toEqual([]);
    expect(await eventsOf('events.join-request.rejected', game.id)).toEqual([]);
  });

  it('when a request was already decided or belongs to another game, then 409 or 404', async () => {
    const creator = await eb.person();
    const game = await eb.event({ creatorUserId: creator.id });
    const otherGame = await eb.event({ creatorUserId: creator.id });
    const request = await ask(game.id, await eb.person());
    expect((await decide(game.id, request.id, 'approve', creator.token)).statusCode).toBe(200);
    for (const decision of ['approve', 'reject'] as const) {
      const res = await decide(game.id, request.id, decision, creator.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('request_decided');
    }
    const wrong = await decide(otherGame.id, request.id, 'approve', creator.token);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error).toBe(EVENT_MESSAGES.requestNotFound);
    expect(await status(request.id)).toBe('confirmed');
  });

  it('when the game is full, then approving another request is refused with 409 and it stays pending', async () => {
    const creator = await eb.person();
    const game = await eb.event({ creatorUserId: creator.id, capacity: 1 });
    const first = await ask(game.id, await eb.person());
    const second = await ask(game.id, await eb.person());
    expect((await decide(game.id, first.id, 'approve', creator.token)).statusCode).toBe(200);
    const res = await decide(game.id, second.id, 'approve', creator.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: EVENT_MESSAGES.eventFull, code: 'event_full' });
    expect(await status(second.id)).toBe('pending');
  });
});
