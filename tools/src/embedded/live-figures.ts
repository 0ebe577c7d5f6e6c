import { createServer, type Server } from 'node:http';
import { listenOn, metrics } from '@linksmate/platform';
import type { LiveFiguresReply } from '@linksmate/proto';

/** Where the gateway forwards `/api/v1/dev/metrics` when given DEV_METRICS_URL (the embedded run). */
export const LIVE_FIGURES_PATH = '/dev/metrics';
const WINDOW_MS = 60_000;

type Series = { labels: Record<string, string | number>; value: number; metricName?: string };
interface Sample {
  at: number;
  byName: Map<string, Series[]>;
}

async function takeSample(): Promise<Sample> {
  const byName = new Map<string, Series[]>();
  for (const metric of await metrics.getMetricsAsJSON())
    for (const series of metric.values as Series[]) {
      const name = series.metricName ?? metric.name;
      const list = byName.get(name) ?? [];
      list.push(series);
      byName.set(name, list);
    }
  return { at: Date.now(), byName };
}

const sumOf = (
  sample: Sample | undefined,
  name: string,
  match: (labels: Series['labels']) => boolean = () => true,
) => (sample?.byName.get(name) ?? []).filter((s) => match(s.labels)).reduce((sum, s) => sum + s.value, 0);

/** The 99th percentile (ms) of the answers in the window, as Prometheus's histogram_quantile reads buckets. */
function p99Ms(now: Sample, then: Sample | undefined, service: string): number | null {
  const cumulative = new Map<number, number>();
  for (const sample of [now, then]) {
    const sign = sample === now ? 1 : -1;
    for (const s of sample?.byName.get('http_server_request_duration_seconds_bucket') ?? []) {
      if (s.labels.service !== service) continue;
      const le = s.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(s.labels.le);
      cumulative.set(le, (cumulative.get(le) ?? 0) + sign * s.value);
    }
  }
  const bounds = [...cumulative.keys()].sort((a, b) => a - b);
  const total = cumulative.get(Number.POSITIVE_INFINITY) ?? 0;
  if (total <= 0) return null;
  const rank = 0.99 * total;
  let lower = 0;
  let below = 0;
  for (const bound of bounds) {
    const count = cumulative.get(bound)!;
    if (count >= rank) {
      // In the last bucket nothing bounds it: its lower edge is as close as one can say.
      if (bound === Number.POSITIVE_INFINITY) return lower * 1000;
      const inBucket = count - below;
      return (lower + (bound - lower) * (inBucket > 0 ? (rank - below) / inBucket : 1)) * 1000;
    }
    lower = bound;
    below = count;
  }
  return null;
}

/**
 * What a newcomer would watch while trying the embedded run, read from its metrics: requests per
 * second, p99 and errors per service over the last minute, outboxes, database connections,
 * consumers, dead letters, sockets and the event loop. The registry is read when asked, and each
 * read is kept as a baseline for the next.
 */
export class LiveFigures {
  private readonly samples: Sample[] = [];
  private server?: Server;
  url = '';

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    this.samples.push(await takeSample());
    const server = createServer((req, res) => {
      const found = (req.url ?? '/').split('?')[0] === LIVE_FIGURES_PATH && req.method === 'GET';
      if (!found) {
        res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ error: 'Not found', code: 'not_found' }));
        return;
      }
      this.reply().then(
        (reply) => {
          res.writeHead(200, {
            'content-type': 'application/json; charset=utf-8',
            'cache-control': 'no-store',
          });
          res.end(JSON.stringify(reply));
        },
        (err: Error) => {
          res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify({ error: err.message, code: 'internal_error' }));
        },
      );
    });
    this.server = server;
    this.url = `http://${host}:${(await listenOn(server, port, host)).port}`;
    return this.url;
  }

  async reply(): Promise<LiveFiguresReply> {
    const now = await takeSample();
    const then = this.samples.find((s) => now.at - s.at <= WINDOW_MS) ?? this.samples[0];
    const seconds = Math.max((now.at - (then?.at ?? now.at)) / 1000, 1);
    const delta = (name: string, match?: (labels: Series['labels']) => boolean) =>
      Math.max(0, sumOf(now, name, match) - sumOf(then, name, match));
    const latest = (name: string, service: string) => {
      const series = (now.byName.get(name) ?? []).filter((s) => s.labels.service === service);
      return series.length ? series.reduce((sum, s) => sum + s.value, 0) : null;
    };
    const services = [
      ...new Set(
        (now.byName.get('http_server_request_duration_seconds_count') ?? []).map((s) =>
          String(s.labels.service),
        ),
      ),
    ].sort((a, b) => (a === 'gateway' ? -1 : b === 'gateway' ? 1 : a.localeCompare(b)));
    // Each read is the next one's baseline: nothing is sampled while nobody looks (the page reads
    // every 5 s), and a window never reaches back more than a minute.
    this.samples.push(now);
    while (this.samples.length > 1 && now.at - this.samples[0]!.at > WINDOW_MS) this.samples.shift();
    const lag = now.byName.get('nodejs_eventloop_lag_p99_seconds')?.[0]?.value;
    return {
      window_seconds: Math.round(seconds),
      services: services.map((service) => {
        const own = (labels: Series['labels']) => labels.service === service;
        const pool = (state: string) =>
          (now.byName.get('db_pool_connections') ?? []).some((s) => own(s.labels))
            ? sumOf(now, 'db_pool_connections', (l) => own(l) && l.state === state)
            : null;
        return {
          service,
          requests_per_second: delta('http_server_request_duration_seconds_count', own) / seconds,
          p99_ms: p99Ms(now, then, service),
          server_errors: delta(
            'http_server_request_duration_seconds_count',
            (l) => own(l) && String(l.status_code).startsWith('5'),
          ),
          outbox_backlog: latest('outbox_backlog_events', service),
          outbox_oldest_age_seconds: latest('outbox_oldest_unsent_age_seconds', service),
          db_connections_in_use: pool('in_use'),
          db_requests_waiting: pool('waiting'),
        };
      }),
      events_consumed_per_second: delta('events_consumed_total') / seconds,
      events_retried: delta('events_consumed_total', (l) => l.outcome === 'retried'),
      dead_letters: sumOf(now, 'event_dead_letters'),
      sockets: sumOf(now, 'socketio_connected_sockets'),
      pushes_per_second: delta('socketio_pushes_total') / seconds,
      event_loop_lag_p99_ms: lag === undefined ? null : lag * 1000,
    };
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.server) return resolve();
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
