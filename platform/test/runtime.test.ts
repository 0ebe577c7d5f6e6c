import type { EventEnvelope } from '@linksmate/proto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../src/bus/in-process';
import { createEvent } from '../src/outbox/events';
import { OutboxRelay } from '../src/outbox/relay';
import { ServiceRuntime, type ServiceRuntimeOptions } from '../src/service/runtime';
import { eventually, silentLogger } from '../src/testing/bus';
import { createEmptyTestDatabase, type TestDatabase } from '../src/testing/database';
import { TcpProxy } from '../src/testing/tcp-proxy';
import { createTestAuth } from '../src/testing/tokens';
import { fixtureMigrations, OrderPlaced, testRegistry } from './fixtures/harness';
import * as schema from './fixtures/schema';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshDatabase(): Promise<TestDatabase> {
  const database = await createEmptyTestDatabase('platform_runtime');
  cleanups.push(() => database.drop());
  return database;
}

async function runtimeOn(database: TestDatabase, bus: InProcessEventBus) {
  const auth = await createTestAuth();
  cleanups.push(() => auth.close());
  return ServiceRuntime.create({
    name: 'sample',
    databaseUrl: database.url,
    schema,
    migrationsFolder: fixtureMigrations,
    logger: silentLogger(),
    bus,
    jwksUrl: auth.jwksUrl,
    registry: testRegistry,
    relay: { sweepIntervalMs: 50 },
  });
}

function inProcessBus() {
  const bus = new InProcessEventBus({ registry: testRegistry, logger: silentLogger() });
  cleanups.push(() => bus.close());
  return bus;
}

describe('ServiceRuntime', () => {
  it('when two replicas start on an empty database together, then migrations apply once and both work', async () => {
    const database = await freshDatabase();
    const bus = inProcessBus();
    const [a, b] = await Promise.all([runtimeOn(database, bus), runtimeOn(database, bus)]);
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    const tables = await a.db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_name in ('outbox','inbox','effects','orders')`,
    );
    expect(tables.rows[0]).toEqual({ n: 4 });
    expect(await a.readiness()).toEqual({ database: true });
    expect(a.health()).toEqual({ bus: 'connected' });
  });

  it('when closed with a handler in flight and events in the outbox, then the handler finishes and the events leave first', async () => {
    const database = await freshDatabase();
    const bus = inProcessBus();
    const runtime = await runtimeOn(database, bus);
    let finished = false;
    // One gate for every delivery: on a busy machine the second event may reach the handler too
    // (before or during the close), and it must not wait on a release that never comes.
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const started = new Promise<void>((resolve) => {
      runtime.consume('slow', [OrderPlaced], async (event, tx) => {
        resolve();
        await gate;
        const { sequence } = event.data as { sequence: number };
        await tx.insert(schema.effects).values({ eventId: event.id, consumer: 'slow', sequence });
        finished = true;
      });
    });
    const seen: EventEnvelope[] = [];
    await bus.subscribe({ group: 'observer', patterns: ['#'], handler: async (e) => void seen.push(e) });
    await runtime.start();

    await runtime.db.transaction((tx) =>
      runtime.publish(tx, createEvent(OrderPlaced, { sequence: 1 }, 'sample')),
    );
    await started;
    // Written while the handler is busy: only the relay's final flush can send it.
    await runtime.db.transaction((tx) =>
      runtime.publish(tx, createEvent(OrderPlaced, { sequence: 2 }, 'sample')),
    );
    const closing = runtime.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(finished).toBe(false);
    release();
    await closing;
    expect(finished).toBe(true);
    await eventually(() =>
      expect(seen.map((e) => (e.data as { sequence: number }).sequence).sort()).toEqual([1, 2]),
    );
  });

  it('when an event fails its schema, then it is refused before it reaches the outbox', async () => {
    const database = await freshDatabase();
    const runtime = await runtimeOn(database, inProcessBus());
    cleanups.push(() => runtime.close());
    const bad = { ...createEvent(OrderPlaced, { sequence: 1 }, 'sample'), data: { sequence: 'one' } };
    await expect(runtime.db.transaction((tx) => runtime.publish(tx, bad as EventEnvelope))).rejects.toThrow(
      /refusing to publish invalid test.order.placed/,
    );
  });
});

describe('OutboxRelay', () => {
  it('when publishing fails, then the rows back off with the error recorded and leave once the bus takes them', async () => {
    const database = await freshDatabase();
    const bus = inProcessBus();
    const runtime = await runtimeOn(database, bus);
    cleanups.push(() => runtime.close());
    let failing = true;
    const flaky = Object.assign(Object.create(bus), {
      publish: async (events: EventEnvelope[]) => {
        if (failing) throw new Error('broker said no');
        return bus.publish(events);
      },
      isConnected: () => true,
    });
    const relay = new OutboxRelay({
      pool: runtime.pool,
      databaseUrl: database.url,
      bus: flaky,
      logger: silentLogger(),
      sweepIntervalMs: 50,
    });
    cleanups.push(() => relay.stop());
    const seen: EventEnvelope[] = [];
    await bus.subscribe({ group: 'observer', patterns: ['#'], handler: async (e) => void seen.push(e) });
    await runtime.db.transaction((tx) =>
      runtime.publish(tx, createEvent(OrderPlaced, { sequence: 9 }, 'sample')),
    );
    await relay.start();
    await eventually(async () => {
      const [row] = await runtime.db.select().from(schema.outbox);
      expect(row?.attempts).toBeGreaterThanOrEqual(1);
      expect(row?.lastError).toBe('broker said no');
      expect(row?.sentAt).toBeNull();
      expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() - 1_000);
    });
    failing = false;
    await eventually(() => expect(seen).toHaveLength(1), 10_000);
    // Marked sent in the relay's transaction right after the bus took it.
    await eventually(async () => {
      const [row] = await runtime.db.select().from(schema.outbox);
      expect(row?.sentAt).not.toBeNull();
    });
  });

  it('when a transaction publishes and commits, then the relay hears of it at once, not at its next sweep', async () => {
    const database = await freshDatabase();
    const bus = inProcessBus();
    const runtime = await runtimeOn(database, bus);
    cleanups.push(() => runtime.close());
    const relay = new OutboxRelay({
      pool: runtime.pool,
      databaseUrl: database.url,
      bus,
      logger: silentLogger(),
      // Far beyond the test's wait: only the commit's notification can bring the event in time.
      sweepIntervalMs: 600_000,
    });
    cleanups.push(() => relay.stop());
    const seen: EventEnvelope[] = [];
    await bus.subscribe({ group: 'observer', patterns: ['#'], handler: async (e) => void seen.push(e) });
    await relay.start();
    // Its start sweeps once; what comes after that comes by notification.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await runtime.db.transaction((tx) =>
      runtime.publish(tx, [
        createEvent(OrderPlaced, { sequence: 1 }, 'sample'),
        createEvent(OrderPlaced, { sequence: 2 }, 'sample'),
      ]),
    );
    await eventually(
      () => expect(seen.map((e) => (e.data as { sequence: number }).sequence)).toEqual([1, 2]),
      10_000,
    );
  });

  it('when sent outbox rows and inbox entries pass their retention, then they are deleted and newer ones stay', async () => {
    const database = await freshDatabase();
    const bus = inProcessBus();
    const runtime = await runtimeOn(database, bus);
    cleanups.push(() => runtime.close());
    const day = 24 * 60 * 60 * 1000;
    const ago = (days: number) => new Date(Date.now() - days * day);
    const envelope = (id: string) => ({ id, type: OrderPlaced.type });
    const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
    await runtime.db.insert(schema.outbox).values([
      { id: ids[0]!, type: OrderPlaced.type, envelope: envelope(ids[0]!), sentAt: ago(8) },
      { id: ids[1]!, type: OrderPlaced.type, envelope: envelope(ids[1]!), sentAt: ago(6) },
    ]);
    await runtime.db.insert(schema.inbox).values([
      { eventId: ids[0]!, consumer: 'sample.orders', eventType: OrderPlaced.type, handledAt: ago(31) },
      { eventId: ids[1]!, consumer: 'sample.orders', eventType: OrderPlaced.type, handledAt: ago(29) },
    ]);
    const relay = new OutboxRelay({
      pool: runtime.pool,
      databaseUrl: database.url,
      bus,
      logger: silentLogger(),
      retentionMs: 7 * day,
      inboxRetentionMs: 30 * day,
    });
    cleanups.push(() => relay.stop());
    await relay.start();
    await eventually(async () => {
      const outbox = await runtime.db.select({ id: schema.outbox.id }).from(schema.outbox);
      const inbox = await runtime.db.select({ id: schema.inbox.eventId }).from(schema.inbox);
      expect({ outbox, inbox }).toEqual({ outbox: [{ id: ids[1] }], inbox: [{ id: ids[1] }] });
    });
  });
});

describe('ServiceRuntime when its database is away', () => {
  function recordingLogger() {
    const lines: Array<Record<string, unknown> & { msg: string }> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    return { logger, lines };
  }

  async function proxiedDatabase() {
    const database = await freshDatabase();
    const url = new URL(database.url);
    const proxy = new TcpProxy(url.hostname, Number(url.port || 5432));
    url.port = String(await proxy.start());
    cleanups.push(() => proxy.stop());
    return { proxy, url: url.toString(), name: database.name };
  }

  const start = async (
    url: string,
    logger: pino.Logger,
    options: Pick<ServiceRuntimeOptions<typeof schema>, 'databaseWait' | 'relay'>,
  ) => {
    const auth = await createTestAuth();
    cleanups.push(() => auth.close());
    return ServiceRuntime.create({
      name: 'sample',
      databaseUrl: url,
      schema,
      migrationsFolder: fixtureMigrations,
      logger,
      bus: inProcessBus(),
      jwksUrl: auth.jwksUrl,
      registry: testRegistry,
      ...options,
    });
  };

  it('when the database cannot be reached at start, then the start says which and retries with backoff until it answers', async () => {
    const { proxy, url, name } = await proxiedDatabase();
    const { logger, lines } = recordingLogger();
    proxy.cut();
    const starting = start(url, logger, { databaseWait: { waitMs: 30_000, firstMs: 100 } });
    await eventually(() => expect(lines.length).toBeGreaterThanOrEqual(3), 10_000);
    proxy.restore();
    const runtime = await starting;
    cleanups.push(() => runtime.close());
    expect(await runtime.readiness()).toEqual({ database: true });
    const waits = lines.filter((l) => l.msg === 'database unreachable at start; retrying');
    expect(waits.length).toBeGreaterThanOrEqual(3);
    expect(waits[0]).toMatchObject({
      database: `database ${name} on 127.0.0.1:${new URL(url).port}`,
      attempt: 1,
    });
    expect(waits.slice(0, 3).map((w) => w.retryInMs)).toEqual([100, 200, 400]);
    expect(JSON.stringify(lines), 'no password in the logs').not.toMatch(/:\/\/[^@/]*:[^@/]*@/);
  });

  it('when the database stays away past the wait, then the start fails naming the database', async () => {
    const { proxy, url, name } = await proxiedDatabase();
    proxy.cut();
    await expect(
      start(url, recordingLogger().logger, { databaseWait: { waitMs: 500, firstMs: 100 } }),
    ).rejects.toThrow(
      new RegExp(`^database ${name} on 127\\.0\\.0\\.1:\\d+ could not be reached for \\d+ s`),
    );
  });

  it('when the database goes away while running, then the relay logs the outage in a few lines, not every sweep', async () => {
    const { proxy, url } = await proxiedDatabase();
    const { logger, lines } = recordingLogger();
    // A sweep every 50 ms: twenty failures a second while the database is away.
    const runtime = await start(url, logger, { relay: { sweepIntervalMs: 50 } });
    cleanups.push(() => runtime.close());
    await runtime.start();
    proxy.cut();
    await new Promise((r) => setTimeout(r, 3_000));
    const duringOutage = lines.filter((l) => (l.level as number) >= 40);
    // ~60 failed sweeps and listen attempts in 3 s: at once, then 1 s and 2 s later, for each.
    expect(duringOutage.length).toBeGreaterThan(0);
    expect(duringOutage.length).toBeLessThanOrEqual(6);
    proxy.restore();
    await eventually(
      () => expect(lines.some((l) => l.msg === 'outbox relay: drain works again')).toBe(true),
      10_000,
    );
  });
});
