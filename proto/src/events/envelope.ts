import Type from 'typebox';

/** Who caused an event, when a person did. */
export const EventActor = Type.Object(
  {
    user_id: Type.Union([Type.Integer(), Type.Null()]),
    role: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  },
  { additionalProperties: false },
);
export type EventActor = Type.Static<typeof EventActor>;

/**
 * The envelope every domain event travels in (docs/architecture.md#events). Events are immutable facts
 * named in the past tense; the producing context owns the schema of `data`.
 */
export const EventEnvelopeSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    type: Type.String({ pattern: '^[a-z]+(\\.[a-z-]+){2}$' }),
    version: Type.Integer({ minimum: 1 }),
    occurredAt: Type.String({ format: 'date-time' }),
    source: Type.String({ minLength: 1 }),
    correlationId: Type.String({ minLength: 1 }),
    causationId: Type.Optional(Type.String({ minLength: 1 })),
    actor: Type.Optional(Type.Union([EventActor, Type.Null()])),
    data: Type.Unknown(),
  },
  { additionalProperties: false },
);

export interface EventEnvelope<TType extends string = string, TData = unknown> {
  id: string;
  type: TType;
  version: number;
  occurredAt: string;
  source: string;
  correlationId: string;
  causationId?: string;
  actor?: EventActor | null;
  data: TData;
}
