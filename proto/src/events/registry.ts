import type Type from 'typebox';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { type EventEnvelope, EventEnvelopeSchema } from './envelope';

export interface EventDefinition<TType extends string = string, TSchemaT extends TSchema = TSchema> {
  /** Routing key and event type: `<context>.<aggregate>.<past-tense-verb>`. */
  type: TType;
  version: number;
  schema: TSchemaT;
}

export function defineEvent<TType extends string, S extends TSchema>(
  type: TType,
  version: number,
  schema: S,
): EventDefinition<TType, S> {
  return { type, version, schema };
}

export type EventData<D> = D extends EventDefinition<string, infer S> ? Type.Static<S> : never;

/** The envelope of one of the given definitions, its data typed by that definition's schema. */
export type EventOf<D> =
  D extends EventDefinition<infer T, infer S> ? EventEnvelope<T, Type.Static<S>> : never;

/**
 * Narrows a validated envelope to the definitions it is one of. The bus checks every envelope against
 * the registry before a handler sees it, so an envelope of a definition's type has that definition's
 * data: this is the one place that turns that fact into a type.
 */
export function eventOf<const D extends readonly EventDefinition[]>(
  definitions: D,
  event: EventEnvelope,
): EventOf<D[number]> | undefined {
  return definitions.some((d) => d.type === event.type) ? (event as EventOf<D[number]>) : undefined;
}

export interface ValidationIssue {
  path: string;
  message: string;
}

export type EnvelopeCheck =
  | { ok: true; event: EventEnvelope }
  | {
      ok: false;
      reason: 'invalid_envelope' | 'unknown_type' | 'unsupported_version' | 'invalid_data';
      issues: ValidationIssue[];
    };

const envelopeValidator = Compile(EventEnvelopeSchema);

function issuesOf(errors: Iterable<{ instancePath: string; message: string }>): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  for (const e of errors) {
    out.push({ path: e.instancePath || '/', message: e.message });
    if (out.length >= 10) break;
  }
  return out;
}

/** Routing key → schema and version. A consumer validates what it receives against this. */
export class EventRegistry {
  private readonly entries = new Map<
    string,
    { definition: EventDefinition; check: ReturnType<typeof Compile> }
  >();

  constructor(definitions: Iterable<EventDefinition> = []) {
    for (const d of definitions) this.register(d);
  }

  register(definition: EventDefinition): this {
    if (this.entries.has(definition.type))
      throw new Error(`Event type ${definition.type} is registered twice`);
    this.entries.set(definition.type, { definition, check: Compile(definition.schema) });
    return this;
  }

  /** A registry holding these definitions and the given extra ones (tests add their own types). */
  extend(definitions: Iterable<EventDefinition>): EventRegistry {
    return new EventRegistry([...this.definitions(), ...definitions]);
  }

  has(type: string): boolean {
    return this.entries.has(type);
  }

  get(type: string): EventDefinition | undefined {
    return this.entries.get(type)?.definition;
  }

  definitions(): EventDefinition[] {
    return [...this.entries.values()].map((e) => e.definition);
  }

  /** Validates an envelope and its data against the registered schema and version. */
  check(candidate: unknown): EnvelopeCheck {
    if (!envelopeValidator.Check(candidate)) {
      return { ok: false, reason: 'invalid_envelope', issues: issuesOf(envelopeValidator.Errors(candidate)) };
    }
    const envelope = candidate as EventEnvelope;
    const entry = this.entries.get(envelope.type);
    if (!entry) {
      return {
        ok: false,
        reason: 'unknown_type',
        issues: [{ path: '/type', message: `unknown type ${envelope.type}` }],
      };
    }
    if (entry.definition.version !== envelope.version) {
      return {
        ok: false,
        reason: 'unsupported_version',
        issues: [
          {
            path: '/version',
            message: `expected version ${entry.definition.version}, got ${envelope.version}`,
          },
        ],
      };
    }
    if (!entry.check.Check(envelope.data)) {
      return { ok: false, reason: 'invalid_data', issues: issuesOf(entry.check.Errors(envelope.data)) };
    }
    return { ok: true, event: envelope };
  }
}
