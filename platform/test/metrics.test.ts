import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../src/bus/in-process';
import { createHttpApp, type HttpApp } from '../src/http/app';
import { metrics, serveMetrics } from '../src/metrics';
import { createEvent } from '../src/outbox/events';
import { Jobs } from '../src/service/jobs';
import { eventually, silentLogger } from '../src/testing/bus';
import { fastRetry, OrderPlaced, testRegistry } from './fixtures/harness';

/** The value of one series in the registry's text, or undefined when it has none. */
async function seriesValue(name: string, labels: Record<string, string>): Promise<number | undefined> {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of (await metrics.metrics()).split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).split('} ')[0] ?? '';
    if (wanted.every((pair) => labelText.includes(pair))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

describe('metrics', () => {
  let app: HttpApp;

  beforeAll(async () => {
    app = await createHttpApp({ name: 'metrics-test', logger: silentLogger() });
    app.get(
      '/orders/:orderId',
      { schema: { params: Type.Object({ orderId: Type.Integer() }) } },
      async (request) => ({ id: (request.params as { orderId: number }).orderId }),
    );
    await app.ready();
  });

  afterAll(() => app.close());

  it('when requests are answered, then they are counted by route template (never the id), method and status', async () => {
    for (const id of [1, 2, 3]) expect((await app.inject({ url: `/orders/${id}` })).statusCode).toBe(200);
    expect((await app.inject({ url: '/orders/not-a-number' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/nowhere' })).statusCode).toBe(404);
    const count = (route: string, status: string) =>
      seriesValue('http_server_request_duration_seconds_count', {
        service: 'metrics-test',
        route,
        method: 'GET',
        status_code: status,
      });
    expect(await count('/orders/:orderId', '200')).toBe(3);
    expect(await count('/orders/:orderId', '400')).toBe(1);
    expect(await count('unmatched', '404')).toBe(1);
    expect(await metrics.metrics()).not.toContain('/orders/1');
  });

  it('when a consumer handles one event and dead-letters another, then each outcome is counted by type and the dead letter shows as depth', async () => {
    const bus = new InProcessEventBus({ registry: testRegistry, logger: silentLogger(), retry: fastRetry });
    try {
      await bus.subscribe({
        group: 'metrics-test.orders',
        patterns: ['test.#'],
        handler: async (event) => {
          if ((event.data as { poison?: boolean }).poison) throw new Error('cannot handle');
        },
      });
      await bus.publish([
        createEvent(OrderPlaced, { sequence: 1 }, 'metrics-test'),
        createEvent(OrderPlaced, { sequence: 2, poison: true }, 'metrics-test'),
      ]);
      const consumed = (outcome: string) =>
        seriesValue('events_consumed_total', {
          consumer_group: 'metrics-test.orders',
          event_type: OrderPlaced.type,
          outcome,
        });
      await eventually(async () => expect(await consumed('dead_lettered')).toBe(1), 10_000);
      expect(await consumed('handled')).toBe(1);
      // Three attempts: two failures retried, the third dead-lettered.
      expect(await consumed('retried')).toBe(2);
      expect(await seriesValue('event_dead_letters', { consumer_group: 'metrics-test.orders' })).toBe(1);
    } finally {
      await bus.close();
    }
    // A closed bus is no longer read.
    expect(
      await seriesValue('event_dead_letters', { consumer_group: 'metrics-test.orders' }),
    ).toBeUndefined();
  });

  it('when a job runs and when it fails, then each run is counted by outcome', async () => {
    const jobs = new Jobs(silentLogger(), undefined, 'metrics-test');
    jobs.add({ name: 'sweep', everyMs: 60_000, run: async () => undefined });
    jobs.add({
      name: 'broken',
      everyMs: 60_000,
      run: async () => {
        throw new Error('away');
      },
    });
    jobs.start();
    await Promise.all([jobs.firstRun('sweep', 5_000), jobs.firstRun('broken', 5_000)]);
    await jobs.stop();
    expect(
      await seriesValue('jobs_runs_total', { service: 'metrics-test', job: 'sweep', outcome: 'ran' }),
    ).toBe(1);
    expect(
      await seriesValue('jobs_runs_total', { service: 'metrics-test', job: 'broken', outcome: 'failed' }),
    ).toBe(1);
  });

  it('when /metrics is asked of the metrics port, then it answers in the Prometheus text format with the process figures; anything else is 404', async () => {
    const server = await serveMetrics(0, '127.0.0.1');
    try {
      const answer = await fetch(server.url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/plain');
      const text = await answer.text();
      expect(text).toContain('# TYPE http_server_request_duration_seconds histogram');
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
      expect(text).toMatch(/^process_cpu_seconds_total \d/m);
      expect((await fetch(server.url.replace('/metrics', '/'))).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
