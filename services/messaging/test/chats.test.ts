import { eventually } from '@linksmate/platform/testing';
import { MESSAGE_MAX_LENGTH, MESSAGING_MESSAGES } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MessagingUnderTest, type Person, startMessaging } from './fixtures';

describe('messaging: direct messages and event chats', () => {
  let m: MessagingUnderTest;
  let ava: Person;
  let ben: Person;
  let cal: Person;
  const dm = (from: Person, to: number | string | undefined, content: unknown) =>
    m.post('/messages/dm', { receiver_user_id: to, content }, from.token);
  /** Projections are applied by consumers, a moment after the event: wait until this one has been. */
  const blockIs = (blocker: Person, blocked: Person, active: boolean) =>
    eventually(async () => {
      const { rows } = await m.pool.query(
        'select active from blocks where blocker_user_id = $1 and blocked_user_id = $2',
        [blocker.id, blocked.id],
      );
      expect(rows[0]?.active).toBe(active);
    });

  beforeAll(async () => {
    m = await startMessaging();
    ava = await m.person({ firstName: 'Ava', lastName: 'Reid' });
    ben = await m.person({ firstName: 'Ben', lastName: 'Hart' });
    cal = await m.person({ firstName: 'Cal', lastName: 'Moss' });
  });
  afterAll(() => m?.close());

  it('when ava writes to ben, then ben reads it with her name, it is published for his socket, and his list shows it unread', async () => {
    const sent = await dm(ava, ben.id, '  Nine holes at Moore Park on Sunday?  ');
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toMatchObject({
      sender_user_id: ava.id,
      receiver_user_id: ben.id,
      conversation_type: 'direct',
      content: 'Nine holes at Moore Park on Sunday?',
      Username: 'Ava Reid',
      read_at: null,
      is_announcement: false,
    });
    const events = await m.published('messaging.message.sent');
    expect(events.at(-1)!.data).toMatchObject({
      sender_user_id: ava.id,
      recipient_user_ids: [ben.id],
      sender_username: 'Ava Reid',
    });

    const history = (await m.get(`/messages/dm/${ava.id}`, ben.token)).json();
    expect(history).toMatchObject({
      total: 1,
      limit: 20,
      offset: 0,
      user: { id: ava.id, first_name: 'Ava' },
    });
    expect(history.messages.map((x: { content: string }) => x.content)).toEqual([
      'Nine holes at Moore Park on Sunday?',
    ]);
    const list = (await m.get('/messages/conversations', ben.token)).json();
    expect(list.direct_messages).toEqual([
      expect.objectContaining({
        other_user_id: ava.id,
        first_name: 'Ava',
        last_message: 'Nine holes at Moore Park on Sunday?',
        unread_count: 1,
      }),
    ]);
    expect(list.unread_total).toBe(1);
  });

  it('when ben reads the conversation, then the message gets read_at, ava hears it, and the unread count drops to 0', async () => {
    const read = await m.post(`/messages/dm/${ava.id}/read`, {}, ben.token);
    expect(read.statusCode).toBe(200);
    expect(read.json().read_count).toBe(1);
    const receipt = (await m.published('messaging.message.read')).at(-1)!;
    expect(receipt.data).toMatchObject({ reader_user_id: ben.id, sender_user_ids: [ava.id] });
    const history = (await m.get(`/messages/dm/${ben.id}`, ava.token)).json();
    expect(history.messages[0].read_at).not.toBeNull();
    expect((await m.get('/messages/unread-count', ben.token)).json()).toEqual({ unread_count: 0 });
    // Reading again marks nothing and tells nobody.
    const again = await m.post(`/messages/dm/${ava.id}/read`, {}, ben.token);
    expect(again.json().read_count).toBe(0);
  });

  it("when a message is sent to oneself, to nobody, to a bad or missing id, or empty, then the spec's words and nothing stored", async () => {
    const before = (await m.pool.query('select count(*)::int as n from messages')).rows[0].n;
    expect((await dm(ava, ava.id, 'hi me')).json()).toMatchObject({ error: MESSAGING_MESSAGES.notYourself });
    expect((await dm(ava, undefined, 'hi')).json()).toMatchObject({
      error: MESSAGING_MESSAGES.receiverRequired,
    });
    expect((await dm(ava, 'abc', 'hi')).json()).toMatchObject({ error: MESSAGING_MESSAGES.invalidUserId });
    expect((await dm(ava, -3, 'hi')).json()).toMatchObject({ error: MESSAGING_MESSAGES.invalidUserId });
    const missing = await dm(ava, 999_999, 'hi');
    expect(missing.statusCode).toBe(404);
    expect((await dm(ava, ben.id, '   ')).json()).toMatchObject({ error: MESSAGING_MESSAGES.contentOrMedia });
    const huge = await dm(ava, ben.id, 'x'.repeat(100 * 1024));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toBe(MESSAGING_MESSAGES.tooLong);
    expect((await dm(ava, ben.id, 'y'.repeat(MESSAGE_MAX_LENGTH))).statusCode).toBe(201);
    const foreign = await m.post(
      '/messages/dm',
      { receiver_user_id: ben.id, media_url: 'https://evil.example/x.png' },
      ava.token,
    );
    expect(foreign.json().error).toBe(MESSAGING_MESSAGES.mediaUnknown);
    const after = (await m.pool.query('select count(*)::int as n from messages')).rows[0].n;
    expect(after).toBe(before + 1);
    expect((await m.get('/messages/dm/abc', ava.token)).json()).toMatchObject({
      error: MESSAGING_MESSAGES.invalidUserId,
    });
  });

  it('when content carries HTML and script, then it is kept as text, exactly as typed', async () => {
    const html = '<img src=x onerror=alert(1)><script>alert("hi")</script>';
    const sent = (await dm(cal, ava.id, html)).json();
    expect(sent.message.content).toBe(html);
  });

  it('when either has blocked the other, then neither can message, and after unblocking they can', async () => {
    await m.deliver('identity.user.blocked', {
      blocker_user_id: ben.id,
      blocked_user_id: cal.id,
      blocked_at: new Date().toISOString(),
    });
    await blockIs(ben, cal, true);
    const blocked = await dm(cal, ben.id, 'Why not?');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toBe(MESSAGING_MESSAGES.blocked);
    expect((await dm(ben, cal.id, 'Sorry')).statusCode).toBe(403);
    // The thread itself says so, either way round, before anyone tries to send.
    expect((await m.get(`/messages/dm/${ben.id}`, cal.token)).json().can_message).toBe(false);
    expect((await m.get(`/messages/dm/${cal.id}`, ben.token)).json().can_message).toBe(false);
    expect((await m.get(`/messages/dm/${ava.id}`, cal.token)).json().can_message).toBe(true);
    // An older block arriving late does not undo the newer unblock.
    const blockedAt = new Date(Date.now() - 60_000).toISOString();
    await m.deliver('identity.user.unblocked', {
      blocker_user_id: ben.id,
      blocked_user_id: cal.id,
      unblocked_at: new Date().toISOString(),
    });
    await blockIs(ben, cal, false);
    await m.deliver('identity.user.blocked', {
      blocker_user_id: ben.id,
      blocked_user_id: cal.id,
      blocked_at: blockedAt,
    });
    await blockIs(ben, cal, false);
    expect((await dm(cal, ben.id, 'Friends again')).statusCode).toBe(201);
    expect((await m.get(`/messages/dm/${ben.id}`, cal.token)).json().can_message).toBe(true);
  });

  it('when a member without a membership sends, then 402; reading stays free with a login; anonymous gets 401', async () => {
    const lapsed = await m.person({ member: false });
    const refused = await dm(lapsed, ava.id, 'hello');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ membership_required: true, redirect_url: '/membership' });
    expect((await m.get(`/messages/dm/${ava.id}`, lapsed.token)).statusCode).toBe(200);
    expect((await m.get('/messages/conversations')).statusCode).toBe(401);
  });

  it('when 45 messages are paged by 20 while new ones arrive, then 20 + 20 + 5 come in order with no duplicate or gap', async () => {
    const a = await m.person();
    const b = await m.person();
    for (let i = 1; i <= 45; i++) expect((await dm(a, b.id, `message ${i}`)).statusCode).toBe(201);
    const first = (await m.get(`/messages/dm/${a.id}?limit=20`, b.token)).json();
    // Two more arrive while the person scrolls back.
    await dm(a, b.id, 'message 46');
    await dm(b, a.id, 'message 47');
    const second = (
      await m.get(`/messages/dm/${a.id}?limit=20&before=${first.messages[0].id}`, b.token)
    ).json();
    const third = (
      await m.get(`/messages/dm/${a.id}?limit=20&before=${second.messages[0].id}`, b.token)
    ).json();
    const pages = [third.messages, second.messages, first.messages].map((p: Array<{ content: string }>) =>
      p.map((x) => x.content),
    );
    expect(pages.map((p) => p.length)).toEqual([5, 20, 20]);
    expect(pages.flat()).toEqual(Array.from({ length: 45 }, (_, i) => `message ${i + 1}`));
    expect(third.total).toBe(47);
    // The spec's offset paging reads the same pages when nothing arrives between them.
    const byOffset = (await m.get(`/messages/dm/${a.id}?limit=20&offset=40`, b.token)).json();
    expect(byOffset.messages.map((x: { content: string }) => x.content)).toEqual(
      Array.from({ length: 7 }, (_, i) => `message ${i + 1}`),
    );
  });

  it("when an event's players write in its chat, then members read it, outsiders are refused, and admins may look in", async () => {
    const organiser = await m.person();
    const player = await m.person({ firstName: 'Pia' });
    const outsider = await m.person();
    const admin = await m.person({ role: 'admin' });
    const eventId = await m.event(organiser.id, [player.id], 'Twilight Nine');

    const sent = await m.post(
      `/messages/event/${eventId}`,
      { content: 'Meet at the first tee 5:30' },
      player.token,
    );
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toMatchObject({
      conversation_type: 'event',
      event_id: eventId,
      receiver_user_id: null,
    });
    expect((await m.published('messaging.message.sent')).at(-1)!.data).toMatchObject({
      event_id: eventId,
      recipient_user_ids: [organiser.id],
    });

    const read = (await m.get(`/messages/event/${eventId}`, organiser.token)).json();
    expect(read).toMatchObject({ total: 1, event: { id: eventId, title: 'Twilight Nine' } });
    const chats = (await m.get('/messages/conversations', organiser.token)).json();
    expect(chats.event_chats).toEqual([
      expect.objectContaining({ event_id: eventId, event_title: 'Twilight Nine', unread_count: 1 }),
    ]);
    expect((await m.get(`/messages/event/${eventId}`, admin.token)).statusCode).toBe(200);

    const refused = await m.post(`/messages/event/${eventId}`, { content: 'let me in' }, outsider.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(MESSAGING_MESSAGES.notInEventChat);
    expect((await m.get(`/messages/event/${eventId}`, outsider.token)).statusCode).toBe(403);
    expect((await m.get('/messages/event/abc', outsider.token)).json().error).toBe(
      MESSAGING_MESSAGES.invalidEventId,
    );
    expect((await m.get('/messages/event/424242', outsider.token)).statusCode).toBe(404);

    // The gateway asks the same question before a socket may join the chat's room.
    expect((await m.internal(`/internal/event-chats/${eventId}/members/${player.id}`)).json()).toEqual({
      allowed: true,
    });
    expect((await m.internal(`/internal/event-chats/${eventId}/members/${outsider.id}`)).json()).toEqual({
      allowed: false,
    });
    expect(
      (await m.get(`/internal/event-chats/${eventId}/members/${player.id}`, player.token)).statusCode,
    ).toBe(401);
  });

  it("when a player's booking is cancelled, then the chat is closed to them", async () => {
    const organiser = await m.person();
    const player = await m.person();
    const eventId = await m.event(organiser.id, [player.id]);
    expect((await m.post(`/messages/event/${eventId}`, { content: 'in' }, player.token)).statusCode).toBe(
      201,
    );
    await m.deliver(
      'events.booking.cancelled',
      {
        booking_id: 1,
        event_id: eventId,
        event_title: 'Saturday Stableford',
        user_id: player.id,
        seats: 1,
        status: 'cancelled',
        previous_status: 'confirmed',
        occurred_at: new Date(Date.now() + 1000).toISOString(),
      },
      'events-bookings',
    );
    await eventually(async () => {
      const { rows } = await m.pool.query(
        'select confirmed from event_members where event_id = $1 and user_id = $2',
        [eventId, player.id],
      );
      expect(rows[0]?.confirmed).toBe(false);
    });
    expect(
      (await m.post(`/messages/event/${eventId}`, { content: 'still in?' }, player.token)).statusCode,
    ).toBe(403);
  });
});
