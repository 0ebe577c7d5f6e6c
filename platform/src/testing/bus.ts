import { type EventEnvelope, type EventRegistry, eventRegistry } from '@linksmate/proto';
import pino from 'pino';
import { InProcessEventBus } from '../bus/in-process';
import type { RetryPolicy } from '../bus/types';
import type { TraceHeaders } from '../tracing';

/** An in-process bus that records what is published, with retries short enough for tests. */
export class TestEventBus extends InProcessEventBus {
  readonly published: EventEnvelope[] = [];

  constructor(options: { registry?: EventRegistry; retry?: RetryPolicy } = {}) {
    super({
      registry: options.registry ?? eventRegistry,
      logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      retry: options.retry ?? { maxAttempts: 3, delaysMs: [20, 50] },
    });
  }

  override async publish(
    events: EventEnvelope[],
    traces?: ReadonlyArray<TraceHeaders | undefined>,
  ): Promise<void> {
    await super.publish(events, traces);
    this.published.push(...events.map((e) => JSON.parse(JSON.stringify(e)) as EventEnvelope));
  }

  ofType(type: string): EventEnvelope[] {
    return this.published.filter((e) => e.type === type);
  }
}

/** Polls until the check passes or the time is up, then fails with the last error. */
export async function eventually<T>(
  check: () => T | Promise<T>,
  timeoutMs = 5_000,
  intervalMs = 20,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      return await check();
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw lastError instanceof Error ? lastError : new Error('condition not met in time');
}

export const silentLogger = () => pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
