import { randomUUID } from 'node:crypto';
import type { EventActor, EventData, EventDefinition, EventEnvelope } from '@linksmate/proto';

/** Where an event comes from: the request or event that caused it, and who did it. */
export interface EventMeta {
  correlationId?: string;
  causationId?: string;
  actor?: EventActor | null;
}

/** Builds an immutable event record with id and timestamp, named by its definition. */
export function createEvent<D extends EventDefinition>(
  definition: D,
  data: EventData<D>,
  source: string,
  meta: EventMeta = {},
): EventEnvelope<D['type'], EventData<D>> {
  const id = randomUUID();
  return Object.freeze({
    id,
    type: definition.type,
    version: definition.version,
    occurredAt: new Date().toISOString(),
    source,
    correlationId: meta.correlationId ?? id,
    ...(meta.causationId ? { causationId: meta.causationId } : {}),
    ...(meta.actor !== undefined ? { actor: meta.actor } : {}),
    data,
  });
}

/** The meta of events caused by handling another event: same correlation, caused by it. */
export function causedBy(event: EventEnvelope): EventMeta {
  return { correlationId: event.correlationId, causationId: event.id, actor: event.actor ?? null };
}
