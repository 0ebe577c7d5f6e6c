import { createLocalVerifier, SERVICE_TOKEN_HEADER, systemClock } from '@linksmate/platform';
import {
  createTestAuth,
  type ServiceUnderTest,
  silentLogger,
  startServiceUnderTest,
  type TestAuth,
  testPool,
} from '@linksmate/platform/testing';
import type { EventEnvelope, ImportCoachBody, ImportVenueBody, Role } from '@linksmate/proto';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { buildApp, loadVenuesCoachesConfig, migrationsFolder } from '../src';
import type { ModuleContext } from '../src/context';
import * as schema from '../src/db/schema';
import { CoachesService } from '../src/modules/coaches/service';
import { VenuesService } from '../src/modules/venues/service';

export const SERVICE_TOKEN = 'venues-coaches-test-service-token';

export async function startVenuesCoaches(): Promise<VenuesCoachesUnderTest> {
  const auth = await createTestAuth();
  const service = await startServiceUnderTest({
    name: 'venues-coaches',
    migrationsFolder,
    logger: silentLogger(),
    verifier: createLocalVerifier(auth.signer.jwks()),
    env: { SERVICE_TOKEN },
    build: (env, deps) => buildApp(loadVenuesCoachesConfig(env), deps),
  });
  return new VenuesCoachesUnderTest(service, auth);
}

type Venue = typeof schema.venues.$inferSelect;

/** venues-coaches on a fresh database, with helpers that speak its API as its callers would. */
export class VenuesCoachesUnderTest {
  readonly pool: pg.Pool;
  readonly db;
  private nextUserId = 500;

  constructor(
    readonly service: ServiceUnderTest,
    readonly auth: TestAuth,
  ) {
    this.pool = testPool(service.database.url, 2);
    this.db = drizzle({ client: this.pool, schema });
  }

  get app() {
    return this.service.app;
  }

  /** A signed-in person's token (real, signed by the test key the service trusts). */
  async signedIn(role: Role = 'member'): Promise<{ id: number; token: string }> {
    const id = this.nextUserId++;
    return { id, token: await this.auth.tokenFor(id, role) };
  }

  get(url: string, token?: string) {
    return this.app.inject({
      method: 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  }

  post(url: string, payload: unknown, token?: string) {
    return this.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  }

  /** Any call with a token (PUT, DELETE…). */
  send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) {
    return this.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  }

  /** A call between services, with the service token. */
  internal(url: string, payload: unknown) {
    return this.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { [SERVICE_TOKEN_HEADER]: SERVICE_TOKEN },
    });
  }

  /** A reviewed venue made through `POST /internal/venues`. */
  async importVenue(
    venue: Partial<ImportVenueBody> & { name: string },
  ): Promise<{ id: number; slug: string }> {
    const res = await this.internal('/internal/venues', { venue_type: ['golf_course'], ...venue });
    if (res.statusCode !== 201) throw new Error(`import venue failed: ${res.statusCode} ${res.body}`);
    return res.json().venue;
  }

  async importCoach(coach: Partial<ImportCoachBody> & { first_name: string }): Promise<number> {
    const res = await this.internal('/internal/coaches', {
      last_name: 'Coach',
      email: `${coach.first_name.toLowerCase()}@example.com`,
      ...coach,
    });
    if (res.statusCode !== 201) throw new Error(`import coach failed: ${res.statusCode} ${res.body}`);
    return res.json().coach.id;
  }

  /** Gallery items written straight to the table (uploads are another module's business). */
  async addGallery(venueId: number, items: Array<{ url: string; position: number; video?: boolean }>) {
    await this.db.insert(schema.venueMedia).values(
      items.map((item) => ({
        venueId,
        kind: item.video ? ('video' as const) : ('image' as const),
        url: item.url,
        thumbnailUrl: item.video ? item.url.replace(/\.\w+$/, '.jpg') : null,
        position: item.position,
      })),
    );
  }

  async venueRow(id: number): Promise<Venue | undefined> {
    const rows = await this.db.select().from(schema.venues);
    return rows.find((v) => v.id === id);
  }

  async count(table: 'venues' | 'coaches' | 'coach_venues' | 'outbox'): Promise<number> {
    const result = await this.pool.query(`select count(*)::int as n from ${table}`);
    return result.rows[0].n;
  }

  /** Events this service published (its outbox relayed to the test bus). */
  async published(type: string): Promise<EventEnvelope[]> {
    await this.service.settle();
    return this.service.bus.ofType(type);
  }

  /** The module services over the app's own runtime, for what no route of this issue calls yet. */
  modules() {
    const context = {
      runtime: this.app.serviceRuntime as unknown as ModuleContext['runtime'],
      clock: systemClock,
    };
    return { venues: new VenuesService(context), coaches: new CoachesService(context) };
  }

  async close() {
    await this.pool.end();
    await this.service.close();
    await this.auth.close();
  }
}
