import { eventually } from '@linksmate/platform/testing';
import {
  EVENT_CHAT_JOIN,
  type Message,
  type ServerToClientEvents,
  type SocketEventName,
} from '@linksmate/proto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, userRegistered } from './fixtures/identity-stub';
import { MessagingStack } from './fixtures/messaging-stack';
import { nextPush, TestSockets } from './fixtures/sockets';

const SERVICE_TOKEN = 'messaging-integration-service-token';

describe('messaging over RabbitMQ with two gateway replicas: A → messaging → outbox → RabbitMQ → B → sockets', () => {
  const stack = new MessagingStack(SERVICE_TOKEN);
  const { services } = stack;
  const bases: string[] = [];
  const sockets = new TestSockets();

  beforeAll(async () => {
    await stack.start();
    // Two replicas, each with its own connection and its own exclusive queue.
    for (const replica of ['gateway-a', 'gateway-b']) bases.push((await stack.gateway(replica)).base);
  }, 90_000);

  afterAll(async () => {
    sockets.close();
    await stack.close();
  });

  async function person(userId: number, username: string, role: 'member' | 'admin' = 'member') {
    await stack.publisher.publish([userRegistered(userId, username, { role })]);
    await eventually(async () => {
      const { rowCount } = await services.query('messaging', 'select 1 from users where id = $1', [userId]);
      expect(rowCount).toBe(1);
    }, 15_000);
    const token = await stack.auth.tokenFor(userId, role, {
      membership_status: 'active',
      membership_ends_at: null,
    });
    return { id: userId, token };
  }

  /** Collects every push of a name, to show none came. */
  function heard(socket: Socket<ServerToClientEvents>, name: SocketEventName): unknown[] {
    const got: unknown[] = [];
    socket.on(name as 'message:new', (payload: unknown) => got.push(payload));
    return got;
  }

  async function api<T = unknown>(base: string, method: string, path: string, token: string, body?: unknown) {
    const response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  const join = (socket: Socket, eventId: number) =>
    new Promise<{ ok: boolean; error?: string }>((resolve) => socket.emit(EVENT_CHAT_JOIN, eventId, resolve));

  it('when a DM is sent through replica A, then the receiver on replica B hears it, and the read receipt travels back to A', async () => {
    const [a, b] = bases as [string, string];
    const sender = await person(8001, 'dm_sender');
    const receiver = await person(8002, 'dm_receiver');
    const senderSocket = await sockets.connect(a, sender.token);
    const receiverSocket = await sockets.connect(b, receiver.token);

    const arrives = nextPush(receiverSocket, 'message:new');
    const sent = await api<{ message: Message }>(a, 'POST', '/messages/dm', sender.token, {
      receiver_user_id: receiver.id,
      content: 'Tee off at 7?',
    });
    expect(sent.status).toBe(201);
    expect(await arrives).toMatchObject({
      message_id: sent.body.message.id,
      sender_user_id: sender.id,
      content: 'Tee off at 7?',
      sender_username: 'dm_sender Golfer',
    });

    const receipt = nextPush(senderSocket, 'message:read');
    // The /v1 spelling the spec uses is served too.
    const read = await fetch(`${b}/v1/messages/dm/${sender.id}/read`, {
      method: 'POST',
      headers: { authorization: `Bearer ${receiver.token}` },
    });
    expect(read.status).toBe(200);
    expect(await receipt).toMatchObject({ reader_user_id: receiver.id, message_ids: [sent.body.message.id] });
  });

  it('when someone blocked the sender, then the DM is refused and nothing reaches the receiver', async () => {
    const [a, b] = bases as [string, string];
    const sender = await person(8011, 'blocked_sender');
    const receiver = await person(8012, 'blocking_receiver');
    await stack.publisher.publish([
      envelope('identity.user.blocked', 'identity', {
        blocker_user_id: receiver.id,
        blocked_user_id: sender.id,
        blocked_at: new Date().toISOString(),
      }),
    ]);
    await eventually(async () => {
      const { rowCount } = await services.query('messaging', 'select 1 from blocks where active', []);
      expect(rowCount).toBeGreaterThan(0);
    }, 15_000);
    const receiverSocket = await sockets.connect(b, receiver.token);
    const got = heard(receiverSocket, 'message:new');
    const refused = await api(a, 'POST', '/messages/dm', sender.token, {
      receiver_user_id: receiver.id,
      content: 'Please?',
    });
    expect(refused.status).toBe(403);
    await new Promise((r) => setTimeout(r, 500));
    expect(got).toEqual([]);
  });

  it('when an outsider asks to follow an event chat, then the room is refused, the chat cannot be read, and only its players hear its messages', async () => {
    const [a, b] = bases as [string, string];
    const organiser = await person(8021, 'chat_organiser');
    const player = await person(8022, 'chat_player');
    const outsider = await person(8023, 'chat_outsider');
    const eventId = 9100;
    const start = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await stack.publisher.publish([
      envelope('events.event.created', 'events-bookings', {
        event_id: eventId,
        title: 'Integration Twilight Nine',
        event_type: 'member_game',
        status: 'open',
        start_time: start,
        end_time: null,
        venue_id: 1,
        creator_user_id: organiser.id,
        coach_profile_id: null,
        capacity: 4,
        current_participant_count: 1,
        price_per_participant: 0,
        currency: 'AUD',
        version: 1,
      }),
      envelope('events.booking.confirmed', 'events-bookings', {
        booking_id: 1,
        event_id: eventId,
        event_title: 'Integration Twilight Nine',
        user_id: player.id,
        seats: 1,
        status: 'confirmed',
        previous_status: 'pending',
        occurred_at: new Date().toISOString(),
      }),
    ]);
    await eventually(async () => {
      const { rowCount } = await services.query(
        'messaging',
        'select 1 from event_members where event_id = $1',
        [eventId],
      );
      expect(rowCount).toBe(1);
    }, 15_000);

    const playerSocket = await sockets.connect(b, player.token);
    const outsiderSocket = await sockets.connect(b, outsider.token);
    expect(await join(playerSocket, eventId)).toEqual({ ok: true });
    expect(await join(outsiderSocket, eventId)).toEqual({ ok: false, error: 'forbidden' });
    expect(await join(outsiderSocket, -1)).toMatchObject({ ok: false });
    const outsiderHeard = heard(outsiderSocket, 'message:new');

    const arrives = nextPush(playerSocket, 'message:new');
    const sent = await api(a, 'POST', `/messages/event/${eventId}`, organiser.token, {
      content: 'Carts are booked',
    });
    expect(sent.status).toBe(201);
    expect(await arrives).toMatchObject({ event_id: eventId, content: 'Carts are booked' });
    expect((await api(a, 'GET', `/messages/event/${eventId}`, outsider.token)).status).toBe(403);
    await new Promise((r) => setTimeout(r, 500));
    expect(outsiderHeard).toEqual([]);
  });

  it('when an admin publishes an announcement, then everyone connected to either replica hears it', async () => {
    const [a, b] = bases as [string, string];
    const admin = await person(8031, 'announcing_admin', 'admin');
    const listener = await person(8032, 'listener');
    const onA = await sockets.connect(a, listener.token);
    const onB = await sockets.connect(b, admin.token);
    const heardA = nextPush(onA, 'announcement:new');
    const heardB = nextPush(onB, 'announcement:new');
    const blank = await api(a, 'POST', '/admin/announcements', admin.token, { content: '   ' });
    expect(blank).toMatchObject({ status: 400, body: { error: 'Announcement content cannot be empty' } });
    expect((await api(a, 'POST', '/admin/announcements', listener.token, { content: 'hi' })).status).toBe(
      403,
    );
    const made = await api(a, 'POST', '/admin/announcements', admin.token, {
      content: 'Course closed Monday',
    });
    expect(made.status).toBe(201);
    expect(await heardA).toMatchObject({
      content: 'Course closed Monday',
      sender_name: 'announcing_admin Golfer',
    });
    expect(await heardB).toMatchObject({ content: 'Course closed Monday' });
    const list = await api<{ announcements: unknown[]; total: number }>(
      a,
      'GET',
      '/announcements?limit=10',
      listener.token,
    );
    expect(list.body.total).toBe(1);
  });
});
