import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type Attributes,
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type Tracer,
  trace,
} from '@opentelemetry/api';

export type { Context as TraceContext, Span };
export { SpanKind };

/**
 * W3C trace context as it travels beside a message or request: `traceparent`, and `tracestate` when
 * there is one. Stored with an outbox row, sent in the AMQP message's headers (never in the event
 * envelope, whose schema forbids unknown fields: a consumer not yet deployed would dead-letter it).
 */
export interface TraceHeaders {
  traceparent: string;
  tracestate?: string;
}

/** What every log line a consumer writes while it handles an event carries (see `logMixin`). */
interface LogContext {
  correlationId: string;
}

const logContext = new AsyncLocalStorage<LogContext>();

let tracer: Tracer | undefined;
let shutdown: (() => Promise<void>) | undefined;
let flush: (() => Promise<void>) | undefined;

/** Whether this process started tracing (OTLP endpoint configured): everything else is a no-op. */
export function tracingEnabled(): boolean {
  return tracer !== undefined;
}

const isTrue = (value: string | undefined) => value?.trim().toLowerCase() === 'true';

/**
 * Tracing is on when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or
 * OTEL_EXPORTER_OTLP_ENDPOINT), unless OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none.
 */
export function tracingConfigured(env: Record<string, string | undefined> = process.env): boolean {
  if (isTrue(env.OTEL_SDK_DISABLED)) return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? 'otlp').split(',').map((e) => e.trim());
  if (exporters.includes('none')) return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
}

export interface StartTracingOptions {
  /** `service.name` unless OTEL_SERVICE_NAME (or OTEL_RESOURCE_ATTRIBUTES) names it. */
  serviceName: string;
  env?: Record<string, string | undefined>;
  /** Where to warn about settings it cannot honour. */
  warn?: (message: string) => void;
}

/**
 * Starts the OpenTelemetry SDK when `tracingConfigured`: spans batched and exported over OTLP/HTTP
 * (protobuf, or JSON with OTEL_EXPORTER_OTLP_PROTOCOL=http/json) to the configured endpoint, W3C
 * trace context propagation, contexts carried by AsyncLocalStorage. Otherwise it loads nothing and
 * every span helper here does nothing. Returns whether tracing is on.
 */
export async function startTracing(options: StartTracingOptions): Promise<boolean> {
  const env = options.env ?? process.env;
  if (tracer) return true;
  if (!tracingConfigured(env)) return false;
  const warn = options.warn ?? ((message: string) => process.emitWarning(message));
  const [sdk, core, resources, { AsyncLocalStorageContextManager }] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/context-async-hooks'),
  ]);
  const protocol = (
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ??
    env.OTEL_EXPORTER_OTLP_PROTOCOL ??
    'http/protobuf'
  ).trim();
  if (protocol !== 'http/json' && protocol !== 'http/protobuf')
    warn(`OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not supported here; exporting with http/protobuf`);
  // The endpoint as the specification says: the traces one as it is, the general one + /v1/traces.
  // (The exporter reads the rest of its settings, OTEL_EXPORTER_OTLP_HEADERS and the like, itself.)
  const tracesEndpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const url =
    tracesEndpoint || `${(env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').trim().replace(/\/+$/, '')}/v1/traces`;
  const exporter =
    protocol === 'http/json'
      ? new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter({ url })
      : new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter({ url });
  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ 'service.name': options.serviceName }))
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const provider = new sdk.TracerProvider({
    resource,
    sampler: samplerFrom(env, sdk, warn),
    spanProcessors: [
      new sdk.BatchSpanProcessor({
        exporter,
        scheduledDelayMillis: core.getNumberFromEnv('OTEL_BSP_SCHEDULE_DELAY') ?? 5_000,
        maxQueueSize: core.getNumberFromEnv('OTEL_BSP_MAX_QUEUE_SIZE') ?? 2_048,
        maxExportBatchSize: core.getNumberFromEnv('OTEL_BSP_MAX_EXPORT_BATCH_SIZE') ?? 512,
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new core.W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  tracer = provider.getTracer('linksmate');
  flush = () => provider.forceFlush();
  shutdown = async () => {
    await provider.shutdown();
    trace.disable();
    propagation.disable();
    context.disable();
  };
  return true;
}

/** OTEL_TRACES_SAMPLER and its argument, as the specification names them (parent-based always-on by default). */
function samplerFrom(
  env: Record<string, string | undefined>,
  sdk: typeof import('@opentelemetry/sdk-trace'),
  warn: (message: string) => void,
) {
  const name = (env.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on').trim().toLowerCase();
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG ?? 1);
  const fraction = Number.isFinite(ratio) && ratio >= 0 && ratio <= 1 ? ratio : 1;
  switch (name) {
    case 'always_on':
      return new sdk.AlwaysOnSampler();
    case 'always_off':
      return new sdk.AlwaysOffSampler();
    case 'traceidratio':
      return new sdk.TraceIdRatioBasedSampler(fraction);
    case 'parentbased_always_off':
      return new sdk.ParentBasedSampler({ root: new sdk.AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new sdk.ParentBasedSampler({ root: new sdk.TraceIdRatioBasedSampler(fraction) });
    case 'parentbased_always_on':
      return new sdk.ParentBasedSampler({ root: new sdk.AlwaysOnSampler() });
    default:
      warn(`OTEL_TRACES_SAMPLER=${name} is not supported here; using parentbased_always_on`);
      return new sdk.ParentBasedSampler({ root: new sdk.AlwaysOnSampler() });
  }
}

/** Exports the spans ended so far (tests; shutdown does it too). */
export async function flushTracing(): Promise<void> {
  await flush?.();
}

/**
 * Exports what is left and stops tracing: a process calls it before it exits. A collector that
 * does not answer holds it up for `waitMs` at most (the exporter would retry for longer).
 */
export async function stopTracing(waitMs = 3_000): Promise<void> {
  const stop = shutdown;
  tracer = undefined;
  shutdown = undefined;
  flush = undefined;
  if (!stop) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    stop().catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}

/** Header values as HTTP and AMQP give them: a string, several, or bytes. */
type Carrier = Record<string, unknown>;

const carrierGetter: TextMapGetter<Carrier> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key];
    if (value === undefined || value === null) return undefined;
    if (Array.isArray(value)) return value.map(String);
    return typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('utf8') : undefined;
  },
};

/**
 * The context a `traceparent` (and `tracestate`) in headers names, when they are well formed;
 * the root context (a new trace) otherwise.
 */
export function contextFromHeaders(headers: Carrier | undefined | null): Context {
  if (!tracer || !headers) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, headers, carrierGetter);
}

/** The current trace context as headers to send on; undefined when tracing is off or no span is active. */
export function currentTraceHeaders(from: Context = context.active()): TraceHeaders | undefined {
  if (!tracer || !trace.getSpan(from)) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(from, carrier);
  return carrier.traceparent
    ? { traceparent: carrier.traceparent, ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}) }
    : undefined;
}

/**
 * Sets (or replaces) `traceparent`/`tracestate` in outgoing headers with the current context's, when
 * tracing is on: a caller's own trace headers never pass through a traced process unchanged.
 */
export function injectTraceHeaders(headers: Record<string, unknown>): void {
  if (!tracer) return;
  const current = currentTraceHeaders();
  if (!current) return;
  headers.traceparent = current.traceparent;
  if (current.tracestate) headers.tracestate = current.tracestate;
  else delete headers.tracestate;
}

export interface SpanSpec {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The parent; the active context by default. */
  parent?: Context;
}

/** Starts a span (undefined when tracing is off) and the context it is active in. */
export function startSpan(name: string, spec: SpanSpec = {}): { span: Span; context: Context } | undefined {
  if (!tracer) return undefined;
  const parent = spec.parent ?? context.active();
  const span = tracer.startSpan(name, { kind: spec.kind, attributes: spec.attributes }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** Ends a span as failed when `err` says so. */
export function endSpan(span: Span | undefined, err?: unknown): void {
  if (!span) return;
  if (err !== undefined) {
    span.recordException(err instanceof Error ? err : String(err));
    span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
  }
  span.end();
}

/**
 * Runs `fn` inside a new span (ended when `fn` settles, failed when it throws); just runs `fn` when
 * tracing is off.
 */
export async function withSpan<T>(name: string, spec: SpanSpec, fn: () => Promise<T>): Promise<T> {
  const started = startSpan(name, spec);
  if (!started) return fn();
  try {
    const result = await context.with(started.context, fn);
    endSpan(started.span);
    return result;
  } catch (err) {
    endSpan(started.span, err);
    throw err;
  }
}

/** Runs `fn` with `ctx` as the active trace context (just runs it when tracing is off or no ctx). */
export function runInContext<T>(ctx: Context | undefined, fn: () => T): T {
  return tracer && ctx ? context.with(ctx, fn) : fn();
}

/**
 * Runs an event's handling with its correlation id in every log line written meanwhile (the
 * request that caused it, through every event caused in turn): see `logMixin`.
 */
export function withCorrelation<T>(correlationId: string, fn: () => T): T {
  return logContext.run({ correlationId }, fn);
}

/**
 * Pino's mixin for every logger: the active span's `trace_id` and `span_id` when tracing is on,
 * and `correlationId` while a consumer handles an event. (A request's lines carry its id as
 * `reqId`, which is the correlation id of the events it causes.)
 */
export function logMixin(): object {
  const store = logContext.getStore();
  const span = tracer ? trace.getSpan(context.active()) : undefined;
  // A new object each time: pino merges the line's own fields into it.
  if (!store && !span) return {};
  const spanContext = span?.spanContext();
  return {
    ...(store ? { correlationId: store.correlationId } : {}),
    ...(spanContext ? { trace_id: spanContext.traceId, span_id: spanContext.spanId } : {}),
  };
}
