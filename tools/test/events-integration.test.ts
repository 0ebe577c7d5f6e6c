import * as eventsBookings from '@linksmate/events-bookings';
import type { HttpApp, RabbitMqEventBus } from '@linksmate/platform';
import { createTestAuth, eventually, type TestAuth } from '@linksmate/platform/testing';
import type { Event, JoinRequestsReply } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, tokenVersionsServer, userRegistered } from './fixtures/identity-stub';
import { RabbitServices } from './fixtures/rabbit-services';
import { nextPush, TestSockets } from './fixtures/sockets';

const SERVICE_TOKEN = 'events-integration-service-token';
const VENUE_ID = 501;

/** venues-coaches' report of a new listed venue. */
const venueCreated = envelope('venues.venue.created', 'venues-coaches', {
  venue_id: VENUE_ID,
  name: 'Royal Integration Golf Club',
  slug: 'royal-integration-golf-club',
  address: '1 Fairway Road',
  city: 'Melbourne',
  state: 'VIC',
  lat: -37.97,
  lng: 145.03,
  is_active: true,
  is_verified: true,
  version: 1,
});

describe('member games over RabbitMQ: gateway → events-bookings → outbox → RabbitMQ → gateway → sockets', () => {
  const services = new RabbitServices();
  let auth: TestAuth;
  let identityStub: Awaited<ReturnType<typeof tokenVersionsServer>>;
  let eventsApp: HttpApp;
  let publisher: RabbitMqEventBus;
  let base: string;
  const sockets = new TestSockets();

  beforeAll(async () => {
    auth = await createTestAuth();
    identityStub = await tokenVersionsServer();
    eventsApp = await services.start(
      'events-bookings',
      eventsBookings.migrationsFolder,
      (env, bus) => eventsBookings.buildApp(eventsBookings.loadEventsBookingsConfig(env), { bus }),
      { SERVICE_TOKEN, JWKS_URL: auth.jwksUrl, IDENTITY_URL: identityStub.url },
    );
    const eventsUrl = await eventsApp.listen({ port: 0, host: '127.0.0.1' });
    ({ base } = await services.gateway('gateway', {
      IDENTITY_URL: identityStub.url,
      JWKS_URL: auth.jwksUrl,
      SERVICE_TOKEN,
      EVENTS_URL: eventsUrl,
    }));
    publisher = await services.connectedBus('other-contexts');
  }, 60_000);

  afterAll(async () => {
    sockets.close();
    await services.close();
    await identityStub?.close();
    await auth?.close();
  });

  /** A member known to events-bookings through identity's event on the bus, with a signed token. */
  async function member(userId: number, username: string) {
    await publisher.publish([
      userRegistered(userId, username, { skill_level: 'intermediate', manual_handicap: 12.4 }),
    ]);
    await eventually(async () => {
      const { rowCount } = await services.query('events-bookings', 'select 1 from users where id = $1', [
        userId,
      ]);
      expect(rowCount).toBe(1);
    }, 15_000);
    const token = await auth.tokenFor(userId, 'member', {
      membership_status: 'active',
      membership_ends_at: null,
    });
    return { id: userId, token };
  }

  const connect = (token: string) => sockets.connect(base, token);

  async function api<T = unknown>(
    method: string,
    path: string,
    token: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
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

  it('when a member game is joined, then its creator hears the request, approval and rejection reach the requesters, and the game shows the confirmed seat', async () => {
    await publisher.publish([venueCreated]);
    await eventually(async () => {
      const { rowCount } = await services.query('events-bookings', 'select 1 from venues where id = $1', [
        VENUE_ID,
      ]);
      expect(rowCount).toBe(1);
    }, 15_000);
    const creator = await member(7001, 'integration_creator');
    const requester = await member(7002, 'integration_requester');
    const third = await member(7003, 'integration_third');
    const creatorSocket = await connect(creator.token);
    const requesterSocket = await connect(requester.token);
    const thirdSocket = await connect(third.token);

    const start = new Date(Date.now() + 3 * 86_400_000);
    const created = await api<Event>('POST', '/member-games', creator.token, {
      title: 'Integration Stableford',
      description: 'Nine holes, then lunch',
      venue_id: VENUE_ID,
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
      capacity: 4,
      price_per_participant: 0,
    });
    expect(created.status).toBe(201);
    const gameId = created.body.id;

    // The second person asks to join: a pending request, and the creator's socket hears it.
    const submitted = nextPush(creatorSocket, 'join-request:submitted');
    const joined = await api<{ booking: { id: number; booking_status: string } }>(
      'POST',
      `/events/${gameId}/join`,
      requester.token,
      { notes: 'Happy to carry the scorecard' },
    );
    expect(joined.status).toBe(201);
    expect(joined.body.booking.booking_status).toBe('pending');
    expect(await submitted).toMatchObject({
      event_id: gameId,
      user_id: requester.id,
      creator_user_id: creator.id,
    });

    const requests = await api<JoinRequestsReply>(
      'GET',
      `/member-games/${gameId}/join-requests`,
      creator.token,
    );
    expect(requests.status).toBe(200);
    expect(requests.body.join_requests.map((r) => r.user_id)).toEqual([requester.id]);
    const requestId = requests.body.join_requests[0]!.id;

    // The creator approves: the requester hears both the approval and the confirmed booking.
    const approvedHeard = nextPush(requesterSocket, 'join-request:approved');
    const confirmedHeard = nextPush(requesterSocket, 'booking:confirmed');
    const approved = await api<{ current_participant_count: number }>(
      'PUT',
      `/member-games/${gameId}/join-requests/${requestId}/approve`,
      creator.token,
    );
    expect(approved.status).toBe(200);
    expect(approved.body.current_participant_count).toBe(1);
    expect(await approvedHeard).toMatchObject({ event_id: gameId, user_id: requester.id });
    expect(await confirmedHeard).toMatchObject({ event_id: gameId, user_id: requester.id, seats: 1 });

    const seen = await api<Event>('GET', `/events/${gameId}`, requester.token);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      id: gameId,
      current_participant_count: 1,
      user_booking_status: 'confirmed',
      user_has_confirmed_booking: true,
      venue_name: 'Royal Integration Golf Club',
    });

    // A third person's request is rejected: they hear it, and it leaves the creator's list.
    const thirdJoin = await api('POST', `/events/${gameId}/join`, third.token, {});
    expect(thirdJoin.status).toBe(201);
    const pending = await api<JoinRequestsReply>(
      'GET',
      `/member-games/${gameId}/join-requests`,
      creator.token,
    );
    const thirdRequest = pending.body.join_requests.find((r) => r.user_id === third.id);
    expect(thirdRequest).toBeDefined();
    const rejectedHeard = nextPush(thirdSocket, 'join-request:rejected');
    const rejected = await api(
      'PUT',
      `/member-games/${gameId}/join-requests/${thirdRequest!.id}/reject`,
      creator.token,
    );
    expect(rejected.status).toBe(200);
    expect(await rejectedHeard).toMatchObject({ event_id: gameId, user_id: third.id });
    const after = await api<JoinRequestsReply>('GET', `/member-games/${gameId}/join-requests`, creator.token);
    expect(after.body.join_requests).toEqual([]);
    const game = await api<Event>('GET', `/events/${gameId}`, creator.token);
    expect(game.body.current_participant_count).toBe(1);
  }, 90_000);
});
