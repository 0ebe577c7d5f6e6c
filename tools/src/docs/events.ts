import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  EmailRequested,
  type EventDefinition,
  eventRegistry,
  eventsBookingsEvents,
  identityEvents,
  messagingEvents,
  paymentsEvents,
  venuesCoachesEvents,
} from '@linksmate/proto';

/**
 * Writes `docs/events.md`: every event type of proto's registry, who publishes it, which consumer
 * groups bind it and the fields it carries. Consumers are read from the code as it runs: each
 * service's exported `consume…` registrations are called with a runtime that only records
 * `consume(purpose, definitions)`, and the gateway's bound list is its exported `REALTIME_EVENTS`.
 * `tools/test/events-doc.test.ts` regenerates it and fails on any difference.
 *
 * `npm run docs:events` (or `npx tsx tools/src/docs/events.ts`) rewrites the file.
 */

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const EVENTS_DOC = join(ROOT, 'docs/events.md');

const SERVICES = [
  'identity',
  'membership-payments',
  'events-bookings',
  'venues-coaches',
  'messaging',
  'admin',
] as const;

/** Who owns each of proto's event lists: the service whose facts they are. */
const OWNER_OF_LIST: Array<[string, readonly EventDefinition[]]> = [
  ['identity', identityEvents],
  ['membership-payments', paymentsEvents],
  ['events-bookings', eventsBookingsEvents],
  ['venues-coaches', venuesCoachesEvents],
  ['messaging', messagingEvents],
];

/**
 * Events that reach no consumer group on purpose, each with why it is still published. An event
 * with no consumer and no line here fails the generator: publish nothing nobody reads, or say why.
 */
const KEPT_WITHOUT_CONSUMER: Record<string, string> = {};

/** Contracts taken out, so nobody adds them back without a reader. */
const REMOVED: Array<{ type: string; why: string }> = [
  {
    type: 'venues.coach.invited',
    why: 'published beside the invitation mail with no consumer, and carried the coach’s e-mail address on the broadcast bus; the invitation is the `notifications.email.requested` (template `coach-invitation`) that messaging sends',
  },
  {
    type: 'venues.profile-claim.submitted',
    why: 'no consumer: the admin area reads pending claims from venues-coaches itself (`GET /admin/profile-claims`), and the claimant’s account comes from identity’s `/internal/accounts` call',
  },
  {
    type: 'payments.payment.failed',
    why: 'no consumer: a declined card is answered to the person at once and recorded in the payments ledger and as a transaction (`payments.transaction.recorded`); a held seat or checkout stays open for another card, so no other context acts on a failure',
  },
];

export interface Consumer {
  /** The consumer group, `<service>.<purpose>`: one durable queue. */
  group: string;
  service: string;
  types: string[];
}

/** Every consumer group the services and the gateway register, read from their registrations. */
export async function readConsumers(): Promise<Consumer[]> {
  const consumers: Consumer[] = [];
  for (const service of SERVICES) {
    const folder = join(ROOT, 'services', service, 'src/consumers');
    const app = readFileSync(join(ROOT, 'services', service, 'src/app.ts'), 'utf8');
    for (const file of readdirSync(folder)
      .filter((f) => f.endsWith('.ts'))
      .sort()) {
      const module = (await import(pathToFileURL(join(folder, file)).href)) as Record<string, unknown>;
      for (const [name, register] of Object.entries(module)) {
        if (!name.startsWith('consume') || typeof register !== 'function') continue;
        // A registration the app never calls binds nothing: it would make this document lie.
        if (!new RegExp(`\\b${name}\\(`).test(app))
          throw new Error(
            `services/${service}/src/consumers/${file}: ${name} is exported but app.ts never calls it`,
          );
        const recorder = {
          name: service,
          consume(purpose: string, definitions: readonly EventDefinition[]) {
            consumers.push({
              group: `${service}.${purpose}`,
              service,
              types: definitions.map((d) => d.type),
            });
          },
        };
        (register as (runtime: unknown, ...deps: unknown[]) => void)(recorder);
      }
    }
  }
  const { REALTIME_EVENTS } = await import('../../../gateway/src/realtime');
  consumers.push({
    group: 'gateway.realtime',
    service: 'gateway',
    types: REALTIME_EVENTS.map((d: EventDefinition) => d.type),
  });
  return consumers;
}

/** The services that ask for mail: any may publish `notifications.email.requested`. */
function mailRequesters(): string[] {
  return SERVICES.filter((service) => {
    const files = sourceFiles(join(ROOT, 'services', service, 'src')).filter(
      (f) => !f.includes('/consumers/'),
    );
    return files.some((f) => /\bEmailRequested\b/.test(readFileSync(f, 'utf8')));
  });
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

type Json = Record<string, unknown>;

/** A schema in a few words: `integer ≥ 1`, `string | null`, `'coach' | 'venue'`, `integer[]`. */
function typeOf(schema: Json): string {
  if ('const' in schema) return JSON.stringify(schema.const).replaceAll('"', "'");
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(typeOf).join(' | ');
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => `'${v}'`).join(' | ');
  switch (schema.type) {
    case 'array':
      return `${wrap(typeOf(schema.items as Json))}[]`;
    case 'object':
      if (schema.patternProperties) {
        const [value] = Object.values(schema.patternProperties as Record<string, Json>);
        return `record of ${typeOf(value!)}`;
      }
      return 'object';
    case 'integer':
    case 'number': {
      const bounds = [
        schema.minimum !== undefined ? `≥ ${schema.minimum}` : '',
        schema.maximum !== undefined ? `≤ ${schema.maximum}` : '',
      ].filter(Boolean);
      return [schema.type, ...bounds].join(' ');
    }
    case 'string':
      return schema.format ? `string (${schema.format})` : 'string';
    default:
      return String(schema.type ?? 'any');
  }
}

const wrap = (type: string) => (type.includes(' ') ? `(${type})` : type);

/** The fields of an object schema, nested objects as `parent.child` rows. */
function fieldsOf(schema: Json, prefix = ''): Array<{ field: string; type: string; required: boolean }> {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).flatMap(([name, property]) => {
    const field = `${prefix}${name}`;
    const nullable = Array.isArray(property.anyOf) ? (property.anyOf as Json[]) : [property];
    const object = nullable.find((s) => s.type === 'object' && s.properties);
    const row = { field, type: typeOf(property), required: required.has(name) };
    if (object)
      return [{ ...row, type: row.type.replace('object', 'object:') }, ...fieldsOf(object, `${field}.`)];
    return [row];
  });
}

const code = (text: string) => `\`${text}\``;
const cell = (text: string) => text.replaceAll('|', '\\|');

/** The document's text. */
export async function renderEventsDoc(): Promise<string> {
  const consumers = await readConsumers();
  const publishers = new Map<string, string[]>();
  for (const [service, list] of OWNER_OF_LIST)
    for (const definition of list) publishers.set(definition.type, [service]);
  publishers.set(EmailRequested.type, mailRequesters());

  const definitions = eventRegistry.definitions();
  const consumersOf = (type: string) => consumers.filter((c) => c.types.includes(type));
  const unexplained = definitions.filter(
    (d) => !consumersOf(d.type).length && !(d.type in KEPT_WITHOUT_CONSUMER),
  );
  if (unexplained.length)
    throw new Error(
      `No consumer binds ${unexplained.map((d) => d.type).join(', ')}: stop publishing it (and remove it from proto), or say in KEPT_WITHOUT_CONSUMER (tools/src/docs/events.ts) why it stays`,
    );
  const stale = Object.keys(KEPT_WITHOUT_CONSUMER).filter(
    (type) => consumersOf(type).length || !eventRegistry.has(type),
  );
  if (stale.length)
    throw new Error(
      `KEPT_WITHOUT_CONSUMER names ${stale.join(', ')}, which now has a consumer or no definition`,
    );
  const unbound = consumers.flatMap((c) =>
    c.types.filter((t) => !eventRegistry.has(t)).map((t) => `${c.group}: ${t}`),
  );
  if (unbound.length) throw new Error(`Consumers bind types proto does not define: ${unbound.join(', ')}`);

  const lines: string[] = [
    '# Events',
    '',
    '<!-- Generated by `npm run docs:events` (tools/src/docs/events.ts) from proto/src/events and the',
    '     services’ consumer registrations. Do not edit: tools/test/events-doc.test.ts fails on a difference. -->',
    '',
    'Every domain event of the platform: who publishes it, which consumer groups bind it, and the fields of',
    'its `data`. Each travels in the envelope of `proto/src/events/envelope.ts` (`id`, `type`, `version`,',
    '`occurredAt`, `source`, `correlationId`, `causationId?`, `actor?`, `data`) on the topic exchange',
    '`linksmate.events`, its type as the routing key. A publisher writes it to its outbox in the',
    'transaction of the change; each consumer group is one durable queue whose handler records the event',
    'in its inbox in the transaction of its effect (see [architecture](architecture.md#events)).',
    'The gateway’s group is one exclusive queue per replica: what it binds, it pushes to sockets or',
    'uses to refuse stale tokens.',
    '',
    '## Publisher → consumers',
    '',
    '| event | published by | consumed by (group) |',
    '| --- | --- | --- |',
  ];
  for (const d of definitions) {
    const groups = consumersOf(d.type).map((c) => code(c.group));
    lines.push(
      `| [${code(d.type)}](#${anchorOf(d.type)}) | ${(publishers.get(d.type) ?? ['?']).join(', ')} | ${groups.join(', ') || '— (see below)'} |`,
    );
  }
  lines.push('', '## Published with no consumer', '');
  const kept = Object.entries(KEPT_WITHOUT_CONSUMER);
  if (!kept.length) lines.push('None: every event above reaches at least one consumer group.');
  for (const [type, why] of kept) lines.push(`- ${code(type)}: ${why}.`);
  lines.push(
    '',
    '## Removed contracts',
    '',
    'Event types that were defined but read by nobody, taken out of proto with their publishing:',
    '',
  );
  for (const removed of REMOVED) lines.push(`- ${code(removed.type)}: ${removed.why}.`);
  lines.push('', '## Payloads', '');
  for (const d of definitions) {
    lines.push(`### ${d.type}`, '');
    const groups = consumersOf(d.type).map((c) => code(c.group));
    lines.push(
      `Version ${d.version}. Published by ${(publishers.get(d.type) ?? []).join(', ')}; consumed by ${groups.join(', ') || 'no group'}.`,
      '',
      '| field | type | required |',
      '| --- | --- | --- |',
    );
    for (const f of fieldsOf(d.schema as unknown as Json))
      lines.push(`| ${code(f.field)} | ${cell(f.type)} | ${f.required ? 'yes' : 'no'} |`);
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** GitHub's anchor of a heading: lower case, punctuation other than `-` dropped. */
export const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replaceAll(' ', '-');

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(EVENTS_DOC, await renderEventsDoc());
  console.log(`wrote ${EVENTS_DOC}`);
}
