import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../src/bus/in-process';
import { createHttpApp, type HttpApp } from '../src/http/app';
import { createEvent } from '../src/outbox/events';
import { eventually } from '../src/testing/bus';
import { capturingLogger } from '../src/testing/logs';
import {
  currentTraceHeaders,
  startSpan,
  startTracing,
  stopTracing,
  tracingConfigured,
  tracingEnabled,
  withSpan,
} from '../src/tracing';
import { OrderPlaced, testRegistry } from './fixtures/harness';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** An app whose one route logs a line through its request's logger and one through the process's. */
async function loggingApp(name: string) {
  const captured = capturingLogger(name, 'info');
  const app = await createHttpApp({ name, logger: captured.logger });
  app.get('/work', async (request) => {
    request.log.info('request line');
    captured.logger.info('process line');
    return { traceHeaders: currentTraceHeaders() ?? null };
  });
  await app.ready();
  return { app, lines: captured.lines };
}

/** An in-process bus with one consumer that logs a line for each event it handles. */
async function loggingConsumer(name: string) {
  const captured = capturingLogger(name, 'info');
  const bus = new InProcessEventBus({ registry: testRegistry, logger: captured.logger });
  await bus.start();
  await bus.subscribe({
    group: `${name}.orders`,
    patterns: [OrderPlaced.type],
    handler: async () => void captured.logger.info('order handled'),
  });
  return { bus, lines: captured.lines };
}

describe('tracing while no OTLP endpoint is configured', () => {
  it('when no endpoint is set (or the SDK is disabled), then tracing is not configured', () => {
    expect(tracingConfigured({})).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' })).toBe(true);
    expect(
      tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBe(false);
    expect(
      tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' }),
    ).toBe(false);
  });

  it("when tracing is off, then no SDK starts, no span or trace header is made, and log lines carry no trace id but a consumer's carry the correlation id", async () => {
    expect(await startTracing({ serviceName: 'off', env: {} })).toBe(false);
    expect(tracingEnabled()).toBe(false);
    // No tracer provider was registered: the API's is the no-op one.
    expect(trace.getTracer('x').startSpan('y').isRecording()).toBe(false);
    expect(startSpan('nothing')).toBeUndefined();
    expect(await withSpan('nothing', {}, async () => 42)).toBe(42);

    const { app, lines } = await loggingApp('untraced');
    const res = await app.inject({
      url: '/work',
      headers: { traceparent: `00-${hex(16)}-${hex(8)}-01` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().traceHeaders).toBeNull();
    const written = lines.filter((l) => l.msg === 'request line' || l.msg === 'process line');
    expect(written).toHaveLength(2);
    for (const line of lines) expect(line.trace_id).toBeUndefined();
    // Both carry the request's id as their correlation id, the process logger's line too.
    const requestId = res.headers['x-request-id'];
    expect(requestId).toBeTruthy();
    for (const line of written) expect(line.correlationId).toBe(requestId);
    await app.close();

    const { bus, lines: consumerLines } = await loggingConsumer('untraced-consumer');
    const event = createEvent(OrderPlaced, { sequence: 1 }, 'test', { correlationId: 'request-1234' });
    await bus.publish([event]);
    const handled = await eventually(() => {
      const line = consumerLines.find((l) => l.msg === 'order handled');
      expect(line).toBeDefined();
      return line!;
    });
    expect(handled.correlationId).toBe('request-1234');
    expect(handled.trace_id).toBeUndefined();
    await bus.close();
  });
});

describe('tracing with an OTLP endpoint configured', () => {
  let traced: { app: HttpApp; lines: Array<Record<string, unknown>> };
  // A collector that takes every export and keeps nothing: these tests read log lines, not spans.
  const sink = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
    expect(
      await startTracing({
        serviceName: 'traced',
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' },
      }),
    ).toBe(true);
    traced = await loggingApp('traced');
  });

  afterAll(async () => {
    await traced?.app.close();
    await stopTracing();
    expect(tracingEnabled()).toBe(false);
    await new Promise((resolve) => sink.close(resolve));
  });

  const linesOf = (requestId: string) =>
    traced.lines.filter((l) => l.reqId === requestId || l.msg === 'process line');

  it('when a request carries a well-formed traceparent, then its spans and every line it logs join that trace', async () => {
    const traceId = hex(16);
    const res = await traced.app.inject({
      url: '/work',
      headers: { traceparent: `00-${traceId}-${hex(8)}-01` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().traceHeaders.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    const line = traced.lines.findLast((l) => l.msg === 'request line');
    expect(line?.trace_id).toBe(traceId);
    expect(line?.span_id).toMatch(/^[0-9a-f]{16}$/);
    expect(traced.lines.findLast((l) => l.msg === 'process line')?.trace_id).toBe(traceId);
    expect(linesOf(res.headers['x-request-id'] as string).length).toBeGreaterThan(0);
  });

  it.each([
    ['garbage', 'not-a-traceparent'],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${hex(8)}-01`],
    ['an all-zero parent id', `00-${hex(16)}-${'0'.repeat(16)}-01`],
    ['the forbidden version ff', `ff-${hex(16)}-${hex(8)}-01`],
    ['upper-case hex', `00-${hex(16).toUpperCase()}-${hex(8)}-01`],
    ['a short trace id', `00-${hex(15)}-${hex(8)}-01`],
  ])(
    'when the incoming traceparent is malformed (%s), then it is ignored and the request starts a trace of its own',
    async (_label, traceparent) => {
      const res = await traced.app.inject({ url: '/work', headers: { traceparent } });
      expect(res.statusCode).toBe(200);
      const sent = res.json().traceHeaders.traceparent as string;
      const [, traceId] = sent.split('-');
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(traceId).not.toBe('0'.repeat(32));
      expect(traceparent.toLowerCase()).not.toContain(traceId);
      expect(traced.lines.findLast((l) => l.msg === 'request line')?.trace_id).toBe(traceId);
    },
  );

  it("when an event is published inside a span on the in-process bus, then the consumer's lines carry that trace id and the event's correlation id", async () => {
    const { bus, lines } = await loggingConsumer('traced-consumer');
    const event = createEvent(OrderPlaced, { sequence: 2 }, 'test', { correlationId: 'request-5678' });
    const traceId = await withSpan('producer', {}, async () => {
      await bus.publish([event]);
      return trace.getSpan(context.active())!.spanContext().traceId;
    });
    const handled = await eventually(() => {
      const line = lines.find((l) => l.msg === 'order handled');
      expect(line).toBeDefined();
      return line!;
    });
    expect(handled.trace_id).toBe(traceId);
    expect(handled.correlationId).toBe('request-5678');
    await bus.close();
  });
});
