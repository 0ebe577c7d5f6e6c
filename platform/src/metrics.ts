import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's instruments, in Prometheus's text format. One registry per process: a service's
 * own process holds one service; the embedded run holds six and the gateway, told apart by the
 * `service` label. Labels are low-cardinality only: route templates, event types, job names,
 * outcomes — never an id. Served on a port of its own (serveMetrics), never through the public edge.
 */
export const metrics = new Registry();

let processMetricsOn = false;
/** Node's own figures (CPU, memory, heap, event loop lag, handles), once per process. */
export function collectProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  // The event loop's lag sampled every 100 ms: at prom-client's 10 ms (or 20) the monitor alone kept
  // an idle process at 3.6 ms of CPU a second, at 100 ms 0.7; the lag alert's threshold is 0.5 s.
  collectDefaultMetrics({ register: metrics, eventLoopMonitoringPrecision: 100 });
}

/** Seconds, from 2.5 ms (a cached read) to 10 s (a request that should have timed out). */
const LATENCY_BUCKETS = [0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Every answered request; its `_count` is the request count by route, method and status. */
export const httpRequestDuration = new Histogram({
  name: 'http_server_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by route template, method and status code',
  labelNames: ['service', 'route', 'method', 'status_code'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metrics],
});

export const eventsConsumed = new Counter({
  name: 'events_consumed_total',
  help: 'Events a consumer group took from the bus, by event type and outcome (handled, retried, dead_lettered)',
  labelNames: ['consumer_group', 'event_type', 'outcome'] as const,
  registers: [metrics],
});

export const jobRuns = new Counter({
  name: 'jobs_runs_total',
  help: 'Runs of a scheduled job, by outcome: ran, skipped (another replica held its lock), failed',
  labelNames: ['service', 'job', 'outcome'] as const,
  registers: [metrics],
});

export const emailsSent = new Counter({
  name: 'emails_total',
  help: 'E-mails handed to the SMTP server, by outcome (sent, failed)',
  labelNames: ['outcome'] as const,
  registers: [metrics],
});

export const stripeWebhooks = new Counter({
  name: 'stripe_webhooks_total',
  help: 'Payment provider webhooks received, by event type and outcome (handled, ignored, rejected)',
  labelNames: ['event_type', 'outcome'] as const,
  registers: [metrics],
});

export const socketPushes = new Counter({
  name: 'socketio_pushes_total',
  help: 'Pushes the gateway sent to connected browsers, by kind',
  labelNames: ['kind'] as const,
  registers: [metrics],
});

/** What the figures below are read from at each scrape: each part registers itself while it runs. */
const pools = new Set<{ service: string; pool: pg.Pool }>();
const outboxes = new Set<{ service: string; pool: pg.Pool }>();
const deadLetterSources = new Set<() => Promise<Record<string, number>>>();
const socketCounts = new Set<() => number>();
const busConnections = new Set<{ service: string; connected: () => boolean }>();

/** Removes what a `watch…` call added, when the part it watched closes. */
export type Unwatch = () => void;

const watch = <T>(set: Set<T>, item: T): Unwatch => {
  set.add(item);
  return () => set.delete(item);
};

export const watchPool = (service: string, pool: pg.Pool): Unwatch => watch(pools, { service, pool });
export const watchOutbox = (service: string, pool: pg.Pool): Unwatch => watch(outboxes, { service, pool });
/** A bus's dead-letter depths by consumer group. */
export const watchDeadLetters = (depths: () => Promise<Record<string, number>>): Unwatch =>
  watch(deadLetterSources, depths);
export const watchSockets = (count: () => number): Unwatch => watch(socketCounts, count);
export const watchBusConnection = (service: string, connected: () => boolean): Unwatch =>
  watch(busConnections, { service, connected });

new Gauge({
  name: 'event_bus_connected',
  help: "Whether a service's connection to the event bus is up (1) or not (0): while it is down, writes wait in the outbox",
  labelNames: ['service'] as const,
  registers: [metrics],
  collect() {
    this.reset();
    for (const { service, connected } of busConnections) this.set({ service }, connected() ? 1 : 0);
  },
});

new Gauge({
  name: 'db_pool_connections',
  help: "Connections of a service's database pools, by state (in_use, idle, waiting: requests waiting for one)",
  labelNames: ['service', 'state'] as const,
  registers: [metrics],
  collect() {
    this.reset();
    for (const { service, pool } of pools) {
      this.inc({ service, state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.inc({ service, state: 'idle' }, pool.idleCount);
      this.inc({ service, state: 'waiting' }, pool.waitingCount);
    }
  },
});

/** One read of each outbox per scrape, shared by its two gauges. */
let outboxRead:
  | { at: number; rows: Promise<Array<{ service: string; backlog: number; age: number }>> }
  | undefined;
const readOutboxes = () => {
  if (!outboxRead || Date.now() - outboxRead.at > 1_000)
    outboxRead = {
      at: Date.now(),
      rows: Promise.all(
        [...outboxes].map(async ({ service, pool }) => {
          try {
            const { rows } = await pool.query<{ backlog: number; age: number }>(
              `select count(*)::int as backlog,
                      coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
               from outbox where sent_at is null`,
            );
            return { service, backlog: rows[0]!.backlog, age: rows[0]!.age };
          } catch {
            // A database away is told by readiness and the pool's figures; this scrape skips it.
            return { service, backlog: Number.NaN, age: Number.NaN };
          }
        }),
      ),
    };
  return outboxRead.rows;
};

/** A gauge per service of one figure of its outbox, both read from one query per scrape. */
const outboxGauge = (name: string, help: string, figure: 'backlog' | 'age') =>
  new Gauge({
    name,
    help,
    labelNames: ['service'] as const,
    registers: [metrics],
    async collect() {
      this.reset();
      for (const row of await readOutboxes())
        if (!Number.isNaN(row[figure])) this.set({ service: row.service }, row[figure]);
    },
  });
outboxGauge('outbox_backlog_events', "Events in a service's outbox not yet published to the bus", 'backlog');
outboxGauge(
  'outbox_oldest_unsent_age_seconds',
  "Age of the oldest event in a service's outbox not yet published (0 when none waits)",
  'age',
);

new Gauge({
  name: 'event_dead_letters',
  help: 'Events waiting in a consumer group’s dead-letter queue',
  labelNames: ['consumer_group'] as const,
  registers: [metrics],
  async collect() {
    this.reset();
    for (const depths of deadLetterSources) {
      const byGroup = await depths().catch(() => ({}) as Record<string, number>);
      for (const [group, depth] of Object.entries(byGroup)) this.set({ consumer_group: group }, depth);
    }
  },
});

new Gauge({
  name: 'socketio_connected_sockets',
  help: 'Browser sockets connected to the gateway now',
  registers: [metrics],
  collect() {
    let total = 0;
    for (const count of socketCounts) total += count();
    this.set(total);
  },
});

/** Starts `server` listening; resolves with its address, or rejects if the port cannot be had. */
export async function listenOn(server: Server, port: number, host: string): Promise<AddressInfo> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server.address() as AddressInfo;
}

/**
 * `GET /metrics` on its own port (METRICS_PORT): for Prometheus inside the cluster, never routed
 * by the gateway. Resolves once it listens.
 */
export async function serveMetrics(
  port: number,
  host: string,
): Promise<{ url: string; close(): Promise<void> }> {
  collectProcessMetrics();
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      (err: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(err.message),
    );
  });
  const address = await listenOn(server, port, host);
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    url: `http://${shownHost}:${address.port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
