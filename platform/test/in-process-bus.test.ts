import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventEnvelope } from '@linksmate/proto';
import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../src/bus/in-process';
import type { EventBus, Subscription, SubscriptionSpec } from '../src/bus/types';
import { createEvent } from '../src/outbox/events';
import { eventually, silentLogger } from '../src/testing/bus';
import { describeBusScenarios } from './fixtures/bus-scenarios';
import { fastRetry, OrderPlaced, testRegistry } from './fixtures/harness';

class CrashSignal extends Error {}

/**
 * The in-process bus behind a switch: while cut, publishing fails and deliveries wait, as they
 * would in a broker's queue while the consumer is disconnected.
 */
class InterruptibleBus implements EventBus {
  readonly kind = 'in-process' as const;
  private restored: Promise<void> = Promise.resolve();
  private release = () => {};
  down = false;
  constructor(readonly inner: InProcessEventBus) {}
  cut() {
    if (this.down) return;
    this.down = true;
    this.restored = new Promise((resolve) => {
      this.release = resolve;
    });
  }
  restore() {
    this.down = false;
    this.release();
  }
  start() {
    return this.inner.start();
  }
  isConnected() {
    return !this.down && this.inner.isConnected();
  }
  onReconnected(listener: () => void) {
    this.inner.onReconnected(listener);
  }
  async publish(events: EventEnvelope[]) {
    if (this.down) throw new Error('bus is down');
    await this.inner.publish(events);
  }
  subscribe(spec: SubscriptionSpec): Promise<Subscription> {
    return this.inner.subscribe({
      ...spec,
      handler: async (event, context) => {
        if (this.down) await this.restored;
        await spec.handler(event, context);
      },
    });
  }
  close() {
    return this.inner.close();
  }
}

describeBusScenarios('in-process adapter', async () => {
  // Outages last longer than the fast test retries: give them room, as a broker's redelivery would.
  const inner = new InProcessEventBus({
    registry: testRegistry,
    logger: silentLogger(),
    retry: { maxAttempts: 3, delaysMs: fastRetry.delaysMs },
  });
  const bus = new InterruptibleBus(inner);
  await bus.start();
  return {
    producer: bus,
    consumer: bus,
    cut: () => bus.cut(),
    restore: () => bus.restore(),
    crashInHandler: async () => {
      throw new CrashSignal('consumer crashed');
    },
    deadLettered: async (group) =>
      inner.deadLetters(group).map((d) => ({ event: d.raw as EventEnvelope, reason: d.reason })),
    publishRaw: (message) => inner.publish([message as EventEnvelope]),
    close: () => bus.close(),
  };
});

describe('in-process adapter across a restart', () => {
  it('when it closes with events waiting and waiting to be retried, then the next start on the same state file delivers them once', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'lm-bus-')), 'event-bus.json');
    const make = () =>
      new InProcessEventBus({
        registry: testRegistry,
        logger: silentLogger(),
        retry: { maxAttempts: 3, delaysMs: [60_000] },
        waitForStart: true,
        stateFile,
      });
    const event = (sequence: number) => createEvent(OrderPlaced, { sequence }, 'test');

    const first = make();
    const failing = await first.subscribe({
      group: 'orders',
      patterns: [OrderPlaced.type],
      handler: async () => {
        throw new Error('not today');
      },
    });
    await first.start();
    await first.publish([event(1)]);
    await new Promise((r) => setTimeout(r, 50));
    // Event 1 now waits a minute for its retry; event 2 arrives while no consumer is attached.
    await failing.cancel();
    await first.publish([event(2)]);
    await first.close();
    expect(existsSync(stateFile)).toBe(true);

    const second = make();
    const seen: Array<{ sequence: number; attempt: number }> = [];
    await second.subscribe({
      group: 'orders',
      patterns: [OrderPlaced.type],
      handler: async (e, context) => {
        seen.push({ sequence: (e.data as { sequence: number }).sequence, attempt: context.attempt });
      },
    });
    await second.start();
    await second.publish([event(3)]);
    await eventually(() => expect(seen).toHaveLength(3));
    // A retried event goes back behind what waits, as through RabbitMQ's delay queues.
    expect(seen.sort((a, b) => a.sequence - b.sequence)).toEqual([
      { sequence: 1, attempt: 2 },
      { sequence: 2, attempt: 1 },
      { sequence: 3, attempt: 1 },
    ]);
    await second.close();
    // Nothing was left this time, so nothing is kept.
    expect(existsSync(stateFile)).toBe(false);
  });
});

describe('in-process adapter paused for a backup', () => {
  it('when deliveries are paused, then the handler in flight finishes first, later events wait (and are reported undelivered) until the last pause is released', async () => {
    const bus = new InProcessEventBus({ registry: testRegistry, logger: silentLogger() });
    await bus.start();
    const handled: number[] = [];
    let finishFirst = () => {};
    const firstRunning = new Promise<void>((started) => {
      void bus.subscribe({
        group: 'orders',
        patterns: [OrderPlaced.type],
        prefetch: 1,
        handler: async (e) => {
          const sequence = (e.data as { sequence: number }).sequence;
          if (sequence === 1) {
            started();
            await new Promise<void>((resolve) => {
              finishFirst = resolve;
            });
          }
          handled.push(sequence);
        },
      });
    });
    const event = (sequence: number) => createEvent(OrderPlaced, { sequence }, 'test');
    await bus.publish([event(1)]);
    await firstRunning;

    let paused = false;
    const pausing = bus.pauseDeliveries().then(() => {
      paused = true;
    });
    // A second, nested pause: the backup's, inside a test's.
    const nested = bus.pauseDeliveries();
    await bus.publish([event(2)]);
    await new Promise((r) => setTimeout(r, 20));
    expect(paused).toBe(false);
    finishFirst();
    await Promise.all([pausing, nested]);
    expect(handled).toEqual([1]);
    expect(
      Object.values(bus.undelivered().queues)
        .flat()
        .map((d) => JSON.parse(d.content).data),
    ).toEqual([{ sequence: 2 }]);

    bus.resumeDeliveries();
    await new Promise((r) => setTimeout(r, 20));
    expect(handled).toEqual([1]);
    bus.resumeDeliveries();
    await eventually(() => expect(handled).toEqual([1, 2]));
    expect(bus.undelivered().queues).toEqual({});
    await bus.close();
  });
});
