import type { EventEnvelope } from '@linksmate/proto';
import { InProcessEventBus } from '../src/bus/in-process';
import type { EventBus, Subscription, SubscriptionSpec } from '../src/bus/types';
import { silentLogger } from '../src/testing/bus';
import { describeBusScenarios } from './fixtures/bus-scenarios';
import { fastRetry, testRegistry } from './fixtures/harness';

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
