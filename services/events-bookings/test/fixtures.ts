import { createEvent, createLocalVerifier, SERVICE_TOKEN_HEADER } from '@linksmate/platform';
import {
  createTestAuth,
  type ServiceUnderTest,
  silentLogger,
  startServiceUnderTest,
  type TestAuth,
  testPool,
} from '@linksmate/platform/testing';
import {
  CoachCreated,
  type EventData,
  type EventEnvelope,
  type Role,
  VenueCreated,
  VenueUpdated,
} from '@linksmate/proto';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { buildApp, loadEventsBookingsConfig, migrationsFolder } from '../src';
import * as schema from '../src/db/schema';
import type { EventRow } from '../src/db/types';

export const SERVICE_TOKEN = 'events-bookings-test-service-token';

/** events-bookings on a fresh database, with extra env (e.g. PAYMENTS_URL) when a test needs it. */
export async function startEventsBookings(
  env: Record<string, string> = {},
): Promise<EventsBookingsUnderTest> {
  const auth = await createTestAuth();
  const service = await startServiceUnderTest({
    name: 'events-bookings',
    migrationsFolder,
    logger: silentLogger(),
    verifier: createLocalVerifier(auth.signer.jwks()),
    env: { SERVICE_TOKEN, ...env },
    build: (env, deps) => buildApp(loadEventsBookingsConfig(env), deps),
  });
  return new EventsBookingsUnderTest(service, auth);
}

export interface Person {
  id: number;
  token: string;
}

/** events-bookings under test, with helpers that speak its API as its callers would. */
export class EventsBookingsUnderTest {
  readonly pool: pg.Pool;
  readonly db;
  private nextUserId = 1000;
  private nextVenueId = 100;

  constructor(
    readonly service: ServiceUnderTest,
    readonly auth: TestAuth,
  ) {
    this.pool = testPool(service.database.url, 4);
    this.db = drizzle({ client: this.pool, schema });
  }

  get app() {
    return this.service.app;
  }

  get clock() {
    return this.service.clock;
  }

  /**
   * A person known to this service (a row of its users projection, as identity's events would
   * leave it) and a real signed token. Members get a valid membership unless `member: false`.
   */
  async person(
    options: {
      role?: Role;
      member?: boolean;
      username?: string;
      handicap?: number | null;
      skill?: string | null;
    } = {},
  ): Promise<Person> {
    const id = this.nextUserId++;
    const role = options.role ?? 'member';
    const username = options.username ?? `golfer${id}`;
    await this.db.insert(schema.users).values({
      id,
      username,
      email: `${username}@example.com`,
      firstName: 'Test',
      lastName: `Golfer ${id}`,
      role,
      manualHandicap: options.handicap ?? null,
      skillLevel: options.skill ?? null,
      version: 1,
    });
    const member = options.member ?? true;
    const token = await this.auth.tokenFor(id, role, {
      membership_status: member ? 'active' : null,
      membership_ends_at: null,
    });
    return { id, token };
  }

  /** A listed venue in this service's projection. */
  async venue(overrides: Partial<typeof schema.venues.$inferInsert> = {}): Promise<number> {
    const id = overrides.id ?? this.nextVenueId++;
    await this.db.insert(schema.venues).values({
      id,
      name: `Test Links ${id}`,
      address: '1 Fairway Road',
      city: 'Sydney',
      state: 'NSW',
      lat: -33.9,
      lng: 151.2,
      listed: true,
      version: 1,
      ...overrides,
    });
    return id;
  }

  /** An event row written directly (for tests of what is done with events, not of creating them). */
  async event(overrides: Partial<typeof schema.events.$inferInsert> = {}): Promise<EventRow> {
    const venueId = overrides.venueId ?? (await this.venue());
    const start = new Date(this.clock.now().getTime() + 3 * 24 * 3600_000);
    const [row] = await this.db
      .insert(schema.events)
      .values({
        title: 'Saturday Stableford',
        eventType: 'member_game',
        venueId,
        startTime: start,
        endTime: new Date(start.getTime() + 4 * 3600_000),
        capacity: 4,
        ...overrides,
      })
      .returning();
    return row!;
  }

  private inject(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ) {
    return this.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  }

  get(url: string, token?: string) {
    return this.inject('GET', url, undefined, token);
  }
  post(url: string, payload: unknown, token?: string, headers?: Record<string, string>) {
    return this.inject('POST', url, payload ?? {}, token, headers);
  }
  put(url: string, payload: unknown, token?: string) {
    return this.inject('PUT', url, payload ?? {}, token);
  }
  patch(url: string, payload: unknown, token?: string) {
    return this.inject('PATCH', url, payload ?? {}, token);
  }
  delete(url: string, token?: string) {
    return this.inject('DELETE', url, undefined, token);
  }

  /** A call between services, with the service token. */
  internal(method: 'GET' | 'POST', url: string, payload?: unknown) {
    return this.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { [SERVICE_TOKEN_HEADER]: SERVICE_TOKEN },
    });
  }

  /** Hands an event from another context to this service's consumers and waits until handled. */
  deliver(event: EventEnvelope): Promise<void> {
    return this.service.deliver(event);
  }

  private venueFacts(id: number, version: number, adminUserIds: number[]): EventData<typeof VenueCreated> {
    return {
      venue_id: id,
      name: `Run Links ${id}`,
      slug: `run-links-${id}`,
      address: '1 Fairway Road',
      city: 'Sydney',
      state: 'NSW',
      lat: -33.9,
      lng: 151.2,
      is_active: true,
      is_verified: true,
      admin_user_ids: adminUserIds,
      version,
    };
  }

  /** A venue as venues-coaches announces it (venues.venue.created), run by these facility admins. */
  async announcedVenue(adminUserIds: number[]): Promise<number> {
    const id = this.nextVenueId++;
    await this.deliver(createEvent(VenueCreated, this.venueFacts(id, 1, adminUserIds), 'venues-coaches'));
    return id;
  }

  /** The venue's admins changed at the source (venues.venue.updated with a new version). */
  async venueRunBy(id: number, version: number, adminUserIds: number[]): Promise<void> {
    await this.deliver(
      createEvent(VenueUpdated, this.venueFacts(id, version, adminUserIds), 'venues-coaches'),
    );
  }

  private nextCoachId = 500;

  /** A coach profile as venues-coaches announces it (venues.coach.created), held by this account. */
  async announcedCoach(userId: number | null): Promise<number> {
    const id = this.nextCoachId++;
    await this.deliver(
      createEvent(
        CoachCreated,
        {
          coach_id: id,
          user_id: userId,
          first_name: 'Coach',
          last_name: `${id}`,
          email: null,
          profile_image_url: null,
          venue_id: null,
          is_verified: true,
          version: 1,
        },
        'venues-coaches',
      ),
    );
    return id;
  }

  /** Events this service published (its outbox relayed to the test bus). */
  async published(type: string): Promise<EventEnvelope[]> {
    await this.service.settle();
    return this.service.bus.ofType(type);
  }

  async eventRow(id: number): Promise<EventRow | undefined> {
    const result = await this.pool.query('select * from events where id = $1', [id]);
    return result.rows[0];
  }

  async close() {
    await this.pool.end();
    await this.service.close();
    await this.auth.close();
  }
}
