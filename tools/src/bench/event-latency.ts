import { randomUUID } from 'node:crypto';
import * as identity from '@linksmate/identity';
import { createEvent, createLocalVerifier, RabbitMqEventBus, ServiceRuntime } from '@linksmate/platform';
import { deleteBusTopology, silentLogger } from '@linksmate/platform/testing';
import { eventRegistry, UserUpdated } from '@linksmate/proto';
import { benchAmqpUrl, fmt, percentile, scratchDatabase } from './infra';
import { atMost, row } from './summary';

/**
 * Outbox commit → consumer handled, over RabbitMQ: events written one per transaction at a steady
 * rate through identity's real outbox, relay and bus to a consumer (its own inbox transaction, which
 * a service's handler adds, is not in the figure).
 */
export async function measureEventLatency(options: { events?: number; ratePerSecond?: number } = {}) {
  const total = options.events ?? 5_000;
  const rate = options.ratePerSecond ?? 500;
  const database = await scratchDatabase('latency');
  const prefix = `lmbench.${randomUUID().slice(0, 8)}.`;
  const exchange = `${prefix}events`;
  const makeBus = (name: string) =>
    new RabbitMqEventBus({
      url: benchAmqpUrl(),
      registry: eventRegistry,
      logger: silentLogger(),
      exchange,
      queuePrefix: prefix,
      connectionName: name,
    });
  const producerBus = makeBus('bench-producer');
  const consumerBus = makeBus('bench-consumer');
  await producerBus.start();
  await consumerBus.start();

  const runtime = await ServiceRuntime.create({
    name: 'bench',
    databaseUrl: database.url,
    schema: identity.schema,
    migrationsFolder: identity.migrationsFolder,
    logger: silentLogger(),
    bus: producerBus,
    // The bench publishes only; no token is ever verified.
    verifier: createLocalVerifier({ keys: [] }),
    poolMax: 20,
  });
  const committedAt = new Map<string, number>();
  const latencies: number[] = [];
  const delivered = new Set<string>();
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    done = resolve;
  });
  const subscription = await consumerBus.subscribe({
    group: 'bench.latency',
    patterns: ['identity.user.updated'],
    prefetch: 64,
    handler: async (event) => {
      delivered.add(event.id);
      const committed = committedAt.get(event.id);
      if (committed !== undefined) latencies.push(performance.now() - committed);
      if (delivered.size >= total) done();
    },
  });
  await runtime.start();

  const snapshot = (n: number) => ({
    user_id: n + 1,
    username: `bench${n}`,
    email: `bench${n}@example.com`,
    first_name: null,
    last_name: null,
    profile_image_url: null,
    role: 'member' as const,
    skill_level: null,
    manual_handicap: null,
    availability_status: null,
    is_profile_visible: true,
    email_verified: true,
    banned: false,
    created_at: new Date().toISOString(),
    last_login_at: null,
    token_version: 0,
    version: 1,
  });
  const interval = 1000 / rate;
  const started = performance.now();
  const writes: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const due = started + n * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const event = createEvent(UserUpdated, snapshot(n), 'bench');
    writes.push(
      runtime.db
        .transaction((tx) => runtime.publish(tx, event))
        .then(() => {
          committedAt.set(event.id, performance.now());
        }),
    );
  }
  await Promise.all(writes);
  const writeSeconds = (performance.now() - started) / 1000;
  // At most a minute for the last deliveries; the timer cleared so it does not hold the bench open.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([finished, new Promise((r) => (timer = setTimeout(r, 60_000)))]);
  clearTimeout(timer);
  await subscription.cancel();
  await runtime.close();
  await producerBus.close();
  await consumerBus.close();
  await database.drop();
  await deleteBusTopology(benchAmqpUrl(), [producerBus, consumerBus]);

  const sorted = latencies.sort((a, b) => a - b);
  return {
    events: total,
    delivered: delivered.size,
    handled: sorted.length,
    achievedRate: total / writeSeconds,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    rows: [
      row({
        figure: `event latency outbox → consumer, ${rate}/s, p99`,
        value: percentile(sorted, 99),
        unit: 'ms',
        target: '≤ 100 ms',
        meets: atMost(100),
      }),
    ],
    report() {
      return [
        `Event latency over RabbitMQ (outbox commit → consumer handled), ${this.events} events at ${fmt(this.achievedRate, 0)}/s:`,
        `  delivered ${this.delivered}/${this.events} (${this.events - this.handled} before the writer heard its commit, so without a latency)   p50 ${fmt(this.p50)} ms   p90 ${fmt(this.p90)} ms   p99 ${fmt(this.p99)} ms   max ${fmt(this.max)} ms   (target p99 ≤ 100 ms)`,
      ].join('\n');
    },
  };
}
