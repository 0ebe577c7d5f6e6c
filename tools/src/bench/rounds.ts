import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { SERVICE_TOKEN_HEADER } from '@linksmate/platform/edge';
import { createTestAuth } from '@linksmate/platform/testing';
import {
  handicapRecord,
  type InternalTeeReply,
  latestRoundDay,
  type RecordedRound,
  ratedTeeOf,
} from '@linksmate/proto';
import pg from 'pg';
import { seededRandom } from '../embedded/demo-media';
import { fmt, scratchDatabase } from './infra';
import { BENCH_SERVICE_TOKEN, keysAndVersions, startServiceWithGateway, stop } from './processes';
import { row } from './summary';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const PARS = [4, 4, 3, 5, 4, 4, 3, 5, 4, 4, 4, 3, 5, 4, 4, 3, 5, 4];
const STROKE_INDEXES = [7, 3, 15, 11, 1, 13, 17, 5, 9, 8, 2, 16, 12, 4, 14, 18, 6, 10];
const MEMBER = 1;
const TEE_ID = 1;

/** The one tee of the bench, as venues-coaches answers it (`GET /internal/tees/{id}`). */
const TEE: InternalTeeReply = {
  venue_id: 1,
  venue_name: 'Bench Links',
  course: { id: 1, name: 'Championship', holes: 18 },
  tee: {
    id: TEE_ID,
    course_id: 1,
    name: 'Blue',
    gender: 'men',
    par: 72,
    course_rating: 72.4,
    slope_rating: 131,
    holes: PARS.map((par, i) => ({ number: i + 1, par, stroke_index: STROKE_INDEXES[i]! })),
  },
};

/** venues-coaches' tee read, answered as the real one does, so the bench measures events-bookings. */
async function teeServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.url !== `/internal/tees/${TEE_ID}`) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(TEE));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A card of a 15-handicap: par and a stroke received on most holes, give or take one. */
function card(random: () => number): number[] {
  return PARS.map((par) => par + 1 + (random() < 0.25 ? -1 : random() < 0.8 ? 0 : 1));
}

const dayBefore = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The handicap recomputation of a member with `rounds` rounds (docs/product.md#rounds): recording
 * one more round through the gateway and events-bookings (which reads the tee, judges the card
 * against the record, writes it and rewrites the record and the index in one transaction), beside
 * the same work done directly (the counting rounds fetched with raw SQL and given to proto's
 * handicapRecord); and reading the index, which is kept. The rounds are seeded here, not in the demo.
 */
export async function measureRounds(options: { rounds?: number; repeats?: number } = {}) {
  const rounds = options.rounds ?? 500;
  const repeats = options.repeats ?? 9;
  const database = await scratchDatabase('rounds');
  const auth = await createTestAuth();
  const identity = await keysAndVersions(auth.signer.jwks());
  const venues = await teeServer();
  const loadBefore = loadavg()[0]!;
  const processes: ChildProcess[] = [];
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  db.on('error', () => {});
  const today = latestRoundDay(new Date());
  const random = seededRandom('bench:rounds');
  try {
    const { service, gateway, gatewayUrl, serviceUrl } = await startServiceWithGateway({
      entry: 'services/events-bookings/src/main.ts',
      upstream: 'EVENTS_URL',
      databaseUrl: database.url,
      identityUrl: identity.url,
      env: { VENUES_URL: venues.url },
      seed: async () => undefined,
    });
    processes.push(service, gateway);
    // One round every day or so up to a year and a half ago, written in one import.
    const seedStarted = performance.now();
    const season = Array.from({ length: rounds }, (_, i) => ({
      user_id: MEMBER,
      tee_id: TEE_ID,
      played_on: dayBefore(today, 10 + Math.floor(((rounds - i) * 540) / rounds)),
      holes_played: 'all' as const,
      strokes: card(random),
    }));
    const seeded = await fetch(`${serviceUrl}/internal/rounds/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SERVICE_TOKEN_HEADER]: BENCH_SERVICE_TOKEN },
      body: JSON.stringify({ rounds: season }),
    });
    if (seeded.status !== 201)
      throw new Error(`seeding the rounds failed: ${seeded.status} ${await seeded.text()}`);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const token = await auth.tokenFor(MEMBER, 'member', {
      membership_status: 'active',
      membership_ends_at: null,
      ttlSeconds: 3600,
    });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

    // Each a new round on a later day than the last, so each rewrites the record's end.
    const viaService: number[] = [];
    for (let i = 0; i <= repeats; i++) {
      const t0 = performance.now();
      const response = await fetch(`${gatewayUrl}/api/v1/rounds`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          venue_id: 1,
          course_id: 1,
          tee_id: TEE_ID,
          played_on: dayBefore(today, 9 - i),
          holes_played: 'all',
          holes: card(random).map((strokes) => ({ strokes })),
        }),
      });
      if (response.status !== 201)
        throw new Error(`recording refused: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      if (i > 0) viaService.push(performance.now() - t0);
    }

    // The same record, straight: the counting rounds by raw SQL, then the WHS rules.
    const direct: number[] = [];
    let index: number | null = null;
    for (let i = 0; i <= repeats; i++) {
      const t0 = performance.now();
      const { rows } = await db.query(
        `select id, played_on::text as played_on, holes_played, strokes, total, pcc, course_rating, slope_rating, tee_holes
         from rounds where user_id = $1 and status = 'counting' order by played_on, id`,
        [MEMBER],
      );
      const tee = ratedTeeOf({
        course_rating: rows[0].course_rating,
        slope_rating: rows[0].slope_rating,
        holes: rows[0].tee_holes,
      });
      const record = handicapRecord(
        rows.map(
          (r): RecordedRound => ({
            id: String(r.id),
            date: r.played_on,
            holesPlayed: r.holes_played,
            tee,
            ...(r.strokes ? { strokes: r.strokes } : { total: r.total }),
            pcc: r.pcc,
          }),
        ),
      );
      index = record.index;
      if (i > 0) direct.push(performance.now() - t0);
    }

    // Reading the kept index.
    const reads: number[] = [];
    let kept: number | null = null;
    for (let i = 0; i <= repeats; i++) {
      const t0 = performance.now();
      const response = await fetch(`${gatewayUrl}/api/v1/rounds/handicap`, { headers });
      kept = ((await response.json()) as { index: number | null }).index;
      if (i > 0) reads.push(performance.now() - t0);
    }
    if (kept !== index) throw new Error(`the kept index ${kept} is not the record's ${index}`);

    const service50 = median(viaService);
    const direct50 = median(direct);
    const read50 = median(reads);
    const ratio = service50 / direct50;
    return {
      rows: [
        row({
          figure: `record a round, member with ${rounds} rounds (recomputes), median`,
          value: service50,
          unit: 'ms',
          ceiling: direct50,
          ratio,
        }),
        row({ figure: `read the kept handicap index, ${rounds} rounds, median`, value: read50, unit: 'ms' }),
      ],
      report() {
        return [
          `Handicap recomputation for a member with ${rounds} rounds (${repeats} times after a warm-up; seeded in ${fmt(seedSeconds, 1)} s; events-bookings and gateway as separate processes; load average ${fmt(loadBefore, 1)} before):`,
          `  POST /rounds → recorded, record and index rewritten   median ${fmt(service50)} ms   (${viaService.map((t) => fmt(t, 0)).join(' / ')} ms)`,
          `  raw SQL fetch + handicapRecord, same rounds           median ${fmt(direct50)} ms   (${direct.map((t) => fmt(t, 0)).join(' / ')} ms)`,
          `  ratio service/direct                                  ${fmt(ratio, 1)}×  (the service also reads the tee from venues-coaches, writes the round, the figures that changed and the index, behind the gateway)`,
          `  GET /rounds/handicap (kept, one row)                  median ${fmt(read50)} ms   index ${index}`,
        ].join('\n');
      },
    };
  } finally {
    await db.end();
    for (const child of processes.reverse()) await stop(child);
    await database.drop();
    await venues.close();
    await identity.close();
    await auth.close();
  }
}
