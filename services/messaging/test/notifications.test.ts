import { eventually, foreignEvent } from '@linksmate/platform/testing';
import type { NotificationsReply } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MessagingUnderTest, type Person, startMessaging } from './fixtures';

let m: MessagingUnderTest;
beforeAll(async () => {
  m = await startMessaging();
});
afterAll(async () => {
  await m?.close();
});

const joinRequest = (eventId: number, requester: Person, organiser: Person) => ({
  request_id: eventId * 10,
  event_id: eventId,
  event_title: 'Saturday Stableford',
  user_id: requester.id,
  creator_user_id: organiser.id,
  notes: null,
  occurred_at: new Date().toISOString(),
});

async function notificationsOf(person: Person): Promise<NotificationsReply> {
  const res = await m.get('/notifications', person.token);
  expect(res.statusCode).toBe(200);
  return res.json() as NotificationsReply;
}

/** Waits until the person has this many notifications (consumers run a moment after the event). */
function untilCount(person: Person, total: number): Promise<NotificationsReply> {
  return eventually(async () => {
    const reply = await notificationsOf(person);
    if (reply.total !== total) throw new Error(`expected ${total} notifications, have ${reply.total}`);
    return reply;
  });
}

describe('messaging: the notification centre', () => {
  it('when a join request is approved, then the requester has one unread notification linking to the game and a push for their socket', async () => {
    const [organiser, requester] = [await m.person(), await m.person()];
    const eventId = await m.event(organiser.id);
    await m.deliver(
      'events.join-request.approved',
      joinRequest(eventId, requester, organiser),
      'events-bookings',
    );
    const reply = await untilCount(requester, 1);
    expect(reply.unread_count).toBe(1);
    expect(reply.notifications[0]).toMatchObject({
      kind: 'join_request_approved',
      title: "You're in: Saturday Stableford",
      link: `/events/${eventId}`,
      read_at: null,
    });
    const pushed = await m.published('messaging.notification.created');
    expect(pushed.map((e) => e.data)).toContainEqual(
      expect.objectContaining({ recipient_user_id: requester.id, collapsed: false }),
    );
    expect((await notificationsOf(organiser)).total).toBe(0);
  });

  it('when a join request is submitted, then the organiser is told and an e-mail is requested (their default for it)', async () => {
    const [organiser, requester] = [await m.person(), await m.person()];
    const eventId = await m.event(organiser.id);
    await m.deliver(
      'events.join-request.submitted',
      joinRequest(eventId, requester, organiser),
      'events-bookings',
    );
    const reply = await untilCount(organiser, 1);
    expect(reply.notifications[0]).toMatchObject({ kind: 'join_request_received', link: '/my-games' });
    const mails = await m.published('notifications.email.requested');
    expect(mails.map((e) => e.data)).toContainEqual(
      expect.objectContaining({ to: `golfer${organiser.id}@example.com`, template: 'notification' }),
    );
  });

  it('when a partner records a round with someone, then they are told it waits for them, linking to their copy', async () => {
    const [recorder, partner] = [await m.person(), await m.person()];
    await m.deliver(
      'events.round.confirmation-requested',
      {
        round_id: 4321,
        user_id: partner.id,
        recorder_user_id: recorder.id,
        recorder_name: 'Ada Birdie',
        venue_name: 'Moore Park Golf',
        course_name: 'Championship',
        played_on: '2026-11-20',
        has_card: true,
        occurred_at: new Date().toISOString(),
      },
      'events-bookings',
    );
    const reply = await untilCount(partner, 1);
    expect(reply.notifications[0]).toMatchObject({
      kind: 'round_to_confirm',
      title: 'Round to confirm: Championship, Moore Park Golf',
      link: '/rounds/4321',
    });
    expect(reply.notifications[0]!.body).toContain('Ada Birdie');
    expect((await notificationsOf(recorder)).total).toBe(0);
  });

  it('when the same event is delivered twice, then there is one notification', async () => {
    const [organiser, requester] = [await m.person(), await m.person()];
    const eventId = await m.event(organiser.id);
    const event = foreignEvent(
      'events.join-request.rejected',
      joinRequest(eventId, requester, organiser),
      'events-bookings',
    );
    await m.service.deliver(event);
    await m.service.deliver(event);
    await untilCount(requester, 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await notificationsOf(requester)).total).toBe(1);
  });

  it('when two direct messages arrive in one conversation, then they collapse into one unread notification counting two', async () => {
    const [sender, receiver] = [await m.person({ firstName: 'Olivia', lastName: 'Brown' }), await m.person()];
    for (const content of ['Fancy nine holes?', 'Saturday at 8:20?']) {
      const res = await m.post('/messages/dm', { receiver_user_id: receiver.id, content }, sender.token);
      expect(res.statusCode).toBeLessThan(300);
    }
    const reply = await eventually(async () => {
      const r = await notificationsOf(receiver);
      if (r.notifications[0]?.count !== 2) throw new Error('not collapsed yet');
      return r;
    });
    expect(reply.total).toBe(1);
    expect(reply.unread_count).toBe(1);
    expect(reply.notifications[0]).toMatchObject({
      kind: 'direct_message',
      title: 'Message from Olivia Brown',
      body: 'Saturday at 8:20?',
      link: `/messages/direct/${sender.id}`,
    });
    expect((await notificationsOf(sender)).total).toBe(0);
  });

  it('when a person turned a kind off, then nothing is stored for it; e-mail asks for an e-mail beside it', async () => {
    const [organiser, quiet, keen] = [await m.person(), await m.person(), await m.person()];
    expect(
      (
        await m.app.inject({
          method: 'PUT',
          url: '/notifications/preferences',
          headers: { authorization: `Bearer ${quiet.token}` },
          payload: { preferences: [{ kind: 'join_request_approved', channel: 'off' }] },
        })
      ).statusCode,
    ).toBe(200);
    const put = await m.app.inject({
      method: 'PUT',
      url: '/notifications/preferences',
      headers: { authorization: `Bearer ${keen.token}` },
      payload: { preferences: [{ kind: 'join_request_approved', channel: 'email' }] },
    });
    expect(put.json().preferences).toContainEqual({ kind: 'join_request_approved', channel: 'email' });
    const eventId = await m.event(organiser.id);
    await m.deliver(
      'events.join-request.approved',
      joinRequest(eventId, quiet, organiser),
      'events-bookings',
    );
    await m.deliver('events.join-request.approved', joinRequest(eventId, keen, organiser), 'events-bookings');
    await untilCount(keen, 1);
    expect((await notificationsOf(quiet)).total).toBe(0);
    const mails = await m.published('notifications.email.requested');
    const to = mails.map((e) => (e.data as { to: string }).to);
    expect(to).toContain(`golfer${keen.id}@example.com`);
    expect(to).not.toContain(`golfer${quiet.id}@example.com`);
  });

  it('when a kind or channel is not one of the list, then the preferences are refused with 400', async () => {
    const person = await m.person();
    const res = await m.app.inject({
      method: 'PUT',
      url: '/notifications/preferences',
      headers: { authorization: `Bearer ${person.token}` },
      payload: { preferences: [{ kind: 'join_request_approved', channel: 'pigeon' }] },
    });
    expect(res.statusCode).toBe(400);
  });

  it("when another person reads or marks someone's notification, then it is 404 and stays unread", async () => {
    const [organiser, requester, stranger] = [await m.person(), await m.person(), await m.person()];
    const eventId = await m.event(organiser.id);
    await m.deliver(
      'events.join-request.approved',
      joinRequest(eventId, requester, organiser),
      'events-bookings',
    );
    const [notification] = (await untilCount(requester, 1)).notifications;
    expect((await m.get('/notifications')).statusCode).toBe(401);
    const res = await m.post(`/notifications/${notification!.id}/read`, {}, stranger.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('notification_not_found');
    expect((await notificationsOf(stranger)).total).toBe(0);
    expect((await m.post('/notifications/read-all', {}, stranger.token)).statusCode).toBe(200);
    expect((await notificationsOf(requester)).unread_count).toBe(1);

    const own = await m.post(`/notifications/${notification!.id}/read`, {}, requester.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().unread_count).toBe(0);
    expect(own.json().notification.read_at).not.toBeNull();
  });

  it('when an event moves time, then those booked are told and a seat taken tells nobody', async () => {
    const [organiser, player] = [await m.person(), await m.person()];
    const eventId = await m.event(organiser.id, [player.id]);
    const row = await m.db.query.chatEvents.findFirst({ where: (t, { eq }) => eq(t.id, eventId) });
    const snapshot = (version: number, start: Date, count: number) => ({
      event_id: eventId,
      title: row!.title,
      event_type: 'member_game',
      status: 'open',
      start_time: start.toISOString(),
      end_time: null,
      venue_id: null,
      creator_user_id: organiser.id,
      coach_profile_id: null,
      capacity: 4,
      current_participant_count: count,
      price_per_participant: 0,
      currency: 'AUD',
      version,
    });
    await m.deliver('events.event.updated', snapshot(2, row!.startTime, 2), 'events-bookings');
    await m.deliver(
      'events.event.updated',
      snapshot(3, new Date(row!.startTime.getTime() + 3_600_000), 2),
      'events-bookings',
    );
    const reply = await untilCount(player, 1);
    expect(reply.notifications[0]).toMatchObject({ kind: 'event_changed', link: `/events/${eventId}` });
    expect((await notificationsOf(organiser)).total).toBe(0);
  });

  it('when an announcement is published, then everyone not opted out has it, in one insert', async () => {
    const [reader, optedOut] = [await m.person(), await m.person()];
    await m.app.inject({
      method: 'PUT',
      url: '/notifications/preferences',
      headers: { authorization: `Bearer ${optedOut.token}` },
      payload: { preferences: [{ kind: 'announcement', channel: 'off' }] },
    });
    await m.deliver(
      'messaging.announcement.published',
      {
        announcement_id: 1,
        content: 'Course closed Monday',
        sender_name: 'Admin',
        sent_at: new Date().toISOString(),
      },
      'messaging',
    );
    const reply = await untilCount(reader, 1);
    expect(reply.notifications[0]).toMatchObject({ kind: 'announcement', body: 'Course closed Monday' });
    expect((await notificationsOf(optedOut)).total).toBe(0);
  });

  it("when a game's results are posted, then its chat has the organiser's message with the top places and each other player is told once", async () => {
    const [organiser, ann, ben] = [await m.person(), await m.person(), await m.person()];
    const eventId = await m.event(organiser.id, [ann.id, ben.id], 'Friday Medley');
    const posted = {
      event_id: eventId,
      event_title: 'Friday Medley',
      closed_by_user_id: organiser.id,
      format: 'stableford',
      player_user_ids: [ann.id, ben.id],
      top: [
        { position: 1, user_id: ann.id, name: 'Ann Able', total: 38 },
        { position: 2, user_id: ben.id, name: 'Ben Birdie', total: 31 },
      ],
      link: `/events/${eventId}/results`,
      occurred_at: new Date().toISOString(),
    };
    const event = foreignEvent('events.results.posted', posted, 'events-bookings');
    await m.service.deliver(event);
    await m.service.deliver(event);
    const chat = await eventually(async () => {
      const res = await m.get(`/messages/event/${eventId}`, ben.token);
      expect(res.statusCode).toBe(200);
      const reply = res.json() as { messages: Array<{ sender_user_id: number; content: string }> };
      if (!reply.messages.length) throw new Error('no message yet');
      return reply;
    });
    expect(chat.messages).toHaveLength(1);
    expect(chat.messages[0]).toMatchObject({
      sender_user_id: organiser.id,
      content: [
        'Results of Friday Medley (Stableford):',
        '1. Ann Able — 38 pts',
        '2. Ben Birdie — 31 pts',
        `Full results: /events/${eventId}/results`,
      ].join('\n'),
    });
    for (const player of [ann, ben]) {
      const reply = await untilCount(player, 1);
      expect(reply.notifications[0]).toMatchObject({
        kind: 'results_posted',
        title: 'Results posted: Friday Medley',
        body: 'Ann Able won. See where you placed.',
        link: `/events/${eventId}/results`,
      });
    }
    expect((await notificationsOf(organiser)).total).toBe(0);
  });
});
