import { type DeadLetterAction, type DeadLetteredMessage, DeadLetterQueues } from '@linksmate/platform';
import { amqpUrl } from './settings';
import { integerOption, type OpsContext, table, UsageError, type Verb, type VerbResult } from './verb';

/**
 * Every consumer group the services register (`runtime.consume('<purpose>', …)` makes
 * `<service>.<purpose>`), each with a dead-letter queue `linksmate.<group>.dead`. AMQP cannot list
 * queues, so they are named here; tools/test/ops-dlq.test.ts fails when a service adds one not here.
 */
export const CONSUMER_GROUPS = [
  'admin.directory-people',
  'admin.directory-memberships',
  'admin.dashboard-revenue',
  'admin.dashboard-events',
  'admin.dashboard-bookings',
  'admin.dashboard-join-requests',
  'admin.dashboard-venues',
  'admin.dashboard-coaches',
  'events-bookings.users',
  'events-bookings.payments',
  'events-bookings.payment-refunds',
  'events-bookings.venues',
  'events-bookings.coaches',
  'identity.membership-snapshot',
  'membership-payments.users',
  'membership-payments.user-deletions',
  'messaging.email-delivery',
  'messaging.people',
  'messaging.event-chats',
  'messaging.chat-scopes',
  'messaging.notifications',
  'messaging.results-chat',
  'venues-coaches.user-deletions',
] as const;

/** `--queue` as a group (messaging.email-delivery), its queue, or its dead-letter queue. */
export function deadQueuesFor(queue: string | undefined, context: OpsContext): string[] {
  const dead = (name: string) => {
    const full = name.startsWith(context.queuePrefix) ? name : `${context.queuePrefix}${name}`;
    return full.endsWith('.dead') ? full : `${full}.dead`;
  };
  return queue === undefined ? CONSUMER_GROUPS.map(dead) : [dead(queue)];
}

export async function withDeadLetters<T>(
  context: OpsContext,
  work: (queues: DeadLetterQueues) => Promise<T>,
): Promise<T> {
  const url = amqpUrl(context);
  const queues = await DeadLetterQueues.connect(url).catch((err: Error) => {
    const { hostname, port } = new URL(url);
    throw new Error(`RabbitMQ at ${hostname}:${port || 5672} could not be reached: ${err.message}`);
  });
  try {
    return await work(queues);
  } finally {
    await queues.close();
  }
}

/** What is shown of a dead letter; `--json` has the event too. */
export function deadLetterRow(message: DeadLetteredMessage): string[] {
  return [
    message.eventId ?? '-',
    message.type ?? '-',
    message.consumerQueue,
    `${message.reason} x${message.deaths}`,
    message.firstDeadAt ?? '-',
    (message.error ?? '').slice(0, 80),
  ];
}

const ROW_HEADER = ['EVENT ID', 'TYPE', 'CONSUMER QUEUE', 'DEATH', 'FIRST DIED', 'ERROR'];

/** The replay or drop of one dead letter by id, or of all of them, in one queue or every one. */
function settleVerb(action: DeadLetterAction): Verb {
  const doing = action === 'replay' ? 'Replayed' : 'Dropped';
  return {
    words: ['dlq', action],
    synopsis: '<event-id | --all> [--queue q]',
    summary:
      action === 'replay'
        ? 'send dead letters back to their consumer, which handles them again'
        : 'remove dead letters for good',
    help: (action === 'replay'
      ? [
          "Sends a dead-lettered event (by its event id, or --all) back to its consumer's own queue, then",
          'removes it from the dead-letter queue once the broker has confirmed. Only that consumer gets it',
          '(not every group bound to its type); its attempts start over, and its inbox ignores an event it',
          'had handled after all. Fix what made it fail first: an event that fails again is retried and',
          'dead-lettered again. Without --queue, every consumer group is searched.',
        ]
      : [
          'Removes a dead-lettered event (by its event id, or --all) from its dead-letter queue: it will',
          'never be handled. Without --queue, every consumer group is searched.',
        ]
    )
      .concat([`--queue: a consumer group (messaging.email-delivery) or its queue. Needs AMQP_URL.`])
      .join('\n'),
    options: { all: { type: 'boolean' }, queue: { type: 'string' } },
    async run({ positionals, values, context }): Promise<VerbResult> {
      const [id, ...extra] = positionals;
      if (extra.length || (id === undefined) === !values.all)
        throw new UsageError('give one event id, or --all');
      const queues = deadQueuesFor(values.queue as string | undefined, context);
      const settled = await withDeadLetters(context, async (dlq) => {
        const done: DeadLetteredMessage[] = [];
        for (const queue of queues) {
          done.push(...(await dlq.settle(queue, action, (m) => values.all === true || m.eventId === id)));
          if (id !== undefined && done.length) break;
        }
        return done;
      });
      if (id !== undefined && !settled.length)
        return {
          data: { [action === 'replay' ? 'replayed' : 'dropped']: [] },
          text: `No dead letter has event id ${id}${values.queue ? ` in ${queues[0]}` : ''}.`,
          exitCode: 1,
        };
      return {
        data: { [action === 'replay' ? 'replayed' : 'dropped']: settled },
        text: settled.length
          ? `${doing} ${settled.length}:\n${table(ROW_HEADER, settled.map(deadLetterRow))}`
          : 'No dead letters.',
      };
    },
  };
}

export const dlqVerbs: Verb[] = [
  {
    words: ['dlq', 'list'],
    synopsis: '[--queue q] [--limit n]',
    summary: 'list dead-lettered events, oldest first, leaving them where they are',
    help: [
      'Lists the events in the dead-letter queues (every consumer group, or --queue): event id, type,',
      'the consumer queue it died in, why (invalid: it does not match its schema; exhausted: its handler',
      'failed every attempt; delivery_limit: the broker gave up redelivering) and how many times, when',
      'it first died, and the last error. At most --limit (100) per queue. Messages are read without',
      'being taken: they stay in the queue, in their order. Needs AMQP_URL.',
    ].join('\n'),
    options: { queue: { type: 'string' }, limit: { type: 'string' } },
    async run({ positionals, values, context }) {
      if (positionals.length) throw new UsageError(`unexpected ${positionals.join(' ')}`);
      const limit = integerOption(values.limit, 'limit', 100);
      const queues = deadQueuesFor(values.queue as string | undefined, context);
      const found = await withDeadLetters(context, async (dlq) => {
        const result: Array<{ queue: string; depth: number; messages: DeadLetteredMessage[] }> = [];
        for (const queue of queues) {
          const depth = await dlq.depth(queue);
          // A queue that does not exist is a consumer that never ran here: nothing dead.
          if (depth) result.push({ queue, depth, messages: await dlq.peek(queue, limit) });
        }
        return result;
      });
      if (!found.length)
        return {
          data: [],
          text: `No dead letters (${queues.length} queue${queues.length === 1 ? '' : 's'} looked at).`,
        };
      return {
        data: found,
        text: found
          .map(
            (q) =>
              `${q.queue}: ${q.depth} message${q.depth === 1 ? '' : 's'}${q.depth > q.messages.length ? ` (first ${q.messages.length} shown)` : ''}\n${table(ROW_HEADER, q.messages.map(deadLetterRow))}`,
          )
          .join('\n\n'),
      };
    },
  },
  settleVerb('replay'),
  settleVerb('drop'),
];
