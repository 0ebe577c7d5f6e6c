import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createLocalVerifier } from '@linksmate/platform';
import {
  createTestAuth,
  multipartBody,
  type ServiceUnderTest,
  silentLogger,
  startServiceUnderTest,
  type TestAuth,
  testPool,
} from '@linksmate/platform/testing';
import type { EventEnvelope, Role } from '@linksmate/proto';
import type pg from 'pg';
import { buildApp, loadVenuesCoachesConfig, migrationsFolder } from '../src';

export interface Person {
  id: number;
  token: string;
}

/** A multipart body as a browser's FormData sends it (shared with every service that takes uploads). */
export const multipart = multipartBody;

/**
 * venues-coaches on a fresh database, its uploads and its upload scratch folder in folders of
 * this test file (never the repository's .data), with tokens signed for any role.
 */
export async function startVenueMedia(): Promise<VenueMediaUnderTest> {
  const uploadsDir = mkdtempSync(join(tmpdir(), 'lm-venues-uploads-'));
  const scratchDir = mkdtempSync(join(tmpdir(), 'lm-venues-scratch-'));
  const auth = await createTestAuth();
  const service = await startServiceUnderTest({
    name: 'venues_coaches',
    migrationsFolder,
    logger: silentLogger(),
    verifier: createLocalVerifier(auth.signer.jwks()),
    env: {
      SERVICE_TOKEN: 'venues-test-service-token',
      JWKS_URL: auth.jwksUrl,
      STORAGE_DRIVER: 'local',
      UPLOADS_DIR: uploadsDir,
      UPLOAD_TMP_DIR: scratchDir,
    },
    build: (env, deps) => buildApp(loadVenuesCoachesConfig(env), deps),
  });
  return new VenueMediaUnderTest(service, auth, uploadsDir, scratchDir);
}

export class VenueMediaUnderTest {
  readonly pool: pg.Pool;
  private nextUserId = 500;

  constructor(
    readonly service: ServiceUnderTest,
    readonly auth: TestAuth,
    readonly uploadsDir: string,
    readonly scratchDir: string,
  ) {
    this.pool = testPool(service.database.url, 2);
  }

  get app() {
    return this.service.app;
  }

  async person(role: Role = 'member'): Promise<Person> {
    const id = this.nextUserId++;
    return { id, token: await this.auth.tokenFor(id, role) };
  }

  /** A venue as an admin would have saved it. */
  async venue(name = `Test Links ${randomUUID().slice(0, 8)}`): Promise<number> {
    const { rows } = await this.pool.query<{ id: number }>(
      `insert into venues (slug, name, city, state) values ($1, $2, 'Melbourne', 'VIC') returning id`,
      [name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), name],
    );
    return rows[0]!.id;
  }

  /** The person runs the venue (venue_admins), as a facility admin or an approved claimant does. */
  async runs(person: Person, venueId: number): Promise<void> {
    await this.pool.query('insert into venue_admins (venue_id, user_id) values ($1, $2)', [
      venueId,
      person.id,
    ]);
  }

  upload(
    url: '/upload/venue-photo' | '/upload/venue-gallery',
    person: Person | null,
    parts: Parameters<typeof multipart>[0],
  ) {
    const body = multipart(parts);
    return this.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: {
        'content-type': body.contentType,
        ...(person ? { authorization: `Bearer ${person.token}` } : {}),
      },
    });
  }

  /** The usual call: `venue_id`, then the file in the endpoint's field. */
  send(
    url: '/upload/venue-photo' | '/upload/venue-gallery',
    person: Person | null,
    venueId: number | string,
    data: Buffer | string,
    filename = 'file.bin',
    contentType = 'application/octet-stream',
  ) {
    const field = url === '/upload/venue-photo' ? 'image' : 'media';
    return this.upload(url, person, [
      { name: 'venue_id', data: String(venueId) },
      { name: field, filename, contentType, data },
    ]);
  }

  delete(url: string, person: Person | null) {
    return this.app.inject({
      method: 'DELETE',
      url,
      headers: person ? { authorization: `Bearer ${person.token}` } : {},
    });
  }

  /** The file a served URL stands for, in this test's uploads folder. */
  fileOf(url: string): string {
    return join(this.uploadsDir, url.replace(/^\/uploads\//, ''));
  }

  /** Every stored file, relative to the uploads folder. */
  storedFiles(): string[] {
    const walk = (dir: string): string[] =>
      existsSync(dir)
        ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
            entry.isDirectory()
              ? walk(join(dir, entry.name))
              : [relative(this.uploadsDir, join(dir, entry.name))],
          )
        : [];
    return walk(this.uploadsDir).sort();
  }

  /** What the upload scratch folder holds (nothing, once every upload is answered). */
  scratch(): string[] {
    return readdirSync(this.scratchDir);
  }

  async venueRow(venueId: number) {
    const { rows } = await this.pool.query<{
      featured_image_url: string | null;
      featured_image_key: string | null;
      version: number;
    }>('select featured_image_url, featured_image_key, version from venues where id = $1', [venueId]);
    return rows[0]!;
  }

  async gallery(venueId: number) {
    const { rows } = await this.pool.query<{
      id: number;
      kind: string;
      url: string;
      thumbnail_url: string | null;
      position: number;
    }>(
      'select id, kind, url, thumbnail_url, position from venue_media where venue_id = $1 order by position, id',
      [venueId],
    );
    return rows;
  }

  async published(type: string): Promise<EventEnvelope[]> {
    await this.service.settle();
    return this.service.bus.ofType(type);
  }

  async close() {
    await this.pool.end();
    await this.service.close();
    await this.auth.close();
    rmSync(this.uploadsDir, { recursive: true, force: true });
    rmSync(this.scratchDir, { recursive: true, force: true });
  }
}
