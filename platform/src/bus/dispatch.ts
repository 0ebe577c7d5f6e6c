import type { EventEnvelope, EventRegistry } from '@linksmate/proto';
import type { Logger } from 'pino';
import { eventsConsumed } from '../metrics';
import {
  contextFromHeaders,
  endSpan,
  runInContext,
  type Span,
  SpanKind,
  startSpan,
  tracingEnabled,
  withCorrelation,
} from '../tracing';
import type { DeliveryContext, EventHandler, RetryPolicy } from './types';

export type DispatchOutcome =
  | { kind: 'handled' }
  | { kind: 'retry'; nextAttempt: number; error: string }
  | { kind: 'dead'; reason: 'invalid' | 'exhausted'; error: string };

const MAX_ERROR_TEXT = 1_000;

const OUTCOME_LABELS = { handled: 'handled', retry: 'retried', dead: 'dead_lettered' } as const;

/**
 * What both bus adapters do with one delivery: decode, validate against the registry, run the
 * handler, and decide between done, retry later and dead-letter. An invalid message never reaches
 * the handler and never crashes the consumer.
 */
export class EventDispatcher {
  private inFlight = 0;
  private readonly idleWaiters = new Set<() => void>();

  constructor(
    private readonly options: {
      /** `messaging.system` of its spans. */
      system: 'rabbitmq' | 'in-process';
      group: string;
      registry: EventRegistry;
      handler: EventHandler;
      logger: Logger;
      retry: RetryPolicy;
      exclusive: boolean;
    },
  ) {}

  get active(): number {
    return this.inFlight;
  }

  /** `headers`: the message's, where a `traceparent` names the trace the event was published in. */
  async handle(
    content: Buffer | string,
    context: DeliveryContext,
    headers?: Record<string, unknown>,
  ): Promise<DispatchOutcome> {
    this.inFlight++;
    const measured = { consumer_group: this.options.group, event_type: 'undecodable' };
    try {
      const outcome = await this.dispatch(content, context, measured, headers);
      eventsConsumed.inc({ ...measured, outcome: OUTCOME_LABELS[outcome.kind] });
      return outcome;
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) {
        for (const waiter of this.idleWaiters) waiter();
        this.idleWaiters.clear();
      }
    }
  }

  /** Resolves when no handler is running. */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.add(resolve));
  }

  private async dispatch(
    content: Buffer | string,
    context: DeliveryContext,
    measured: { event_type: string },
    headers: Record<string, unknown> | undefined,
  ): Promise<DispatchOutcome> {
    const { group, registry, logger } = this.options;
    let raw: unknown;
    try {
      raw = JSON.parse(typeof content === 'string' ? content : content.toString('utf8'));
    } catch {
      logger.error({ group }, 'event bus: undecodable message dead-lettered');
      return { kind: 'dead', reason: 'invalid', error: 'message is not JSON' };
    }
    const checked = registry.check(raw);
    // A type the registry knows is a label; anything else one label for all (no unbounded series).
    const type = (raw as { type?: unknown })?.type;
    measured.event_type = typeof type === 'string' && registry.has(type) ? type : 'unknown';
    if (!checked.ok) {
      const error = `${checked.reason}: ${checked.issues.map((i) => `${i.path} ${i.message}`).join('; ')}`;
      logger.error(
        { group, type: (raw as { type?: unknown })?.type, error },
        'event bus: invalid event dead-lettered',
      );
      return { kind: 'dead', reason: 'invalid', error: error.slice(0, MAX_ERROR_TEXT) };
    }
    const event = checked.event;
    // The handler's work is a span of the trace the event was published in, and every line it
    // logs carries the correlation id of the request that started it all.
    const traced = tracingEnabled()
      ? startSpan(`process ${event.type}`, {
          kind: SpanKind.CONSUMER,
          parent: contextFromHeaders(headers),
          attributes: {
            'messaging.system': this.options.system,
            'messaging.operation.type': 'process',
            'messaging.destination.name': event.type,
            'messaging.consumer.group.name': group,
            'messaging.message.id': event.id,
            'messaging.message.conversation_id': event.correlationId,
            'linksmate.delivery.attempt': context.attempt,
          },
        })
      : undefined;
    return withCorrelation(event.correlationId, () =>
      runInContext(traced?.context, () => this.run(event, context, traced?.span)),
    );
  }

  /** Runs the handler on a valid event, and decides what happens to it when that fails. */
  private async run(
    event: EventEnvelope,
    context: DeliveryContext,
    span: Span | undefined,
  ): Promise<DispatchOutcome> {
    const { group, logger } = this.options;
    try {
      await this.options.handler(event, context);
      endSpan(span);
      // At debug, one line per event handled: with its trace and correlation ids (tracing.ts).
      if (logger.isLevelEnabled('debug'))
        logger.debug(
          { group, type: event.type, eventId: event.id, attempt: context.attempt },
          'event bus: event handled',
        );
      return { kind: 'handled' };
    } catch (err) {
      endSpan(span, err);
      const error = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_TEXT);
      // Its correlation id (and trace id) come with every line logged meanwhile: see tracing.ts.
      const log = { group, type: event.type, eventId: event.id, attempt: context.attempt, error };
      if (this.options.exclusive) {
        logger.warn(log, 'event bus: handler failed (no retry for exclusive subscriptions)');
        return { kind: 'handled' };
      }
      if (context.attempt >= this.options.retry.maxAttempts) {
        logger.error(log, 'event bus: attempts exhausted, event dead-lettered');
        return { kind: 'dead', reason: 'exhausted', error };
      }
      logger.warn(log, 'event bus: handler failed, will retry');
      return { kind: 'retry', nextAttempt: context.attempt + 1, error };
    }
  }
}
