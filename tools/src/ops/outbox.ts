import { createDatabase, type OutboxStatus, outboxStatus } from '@linksmate/platform';
import { databaseUrls, servicesNamed } from './settings';
import { age, table, type Verb } from './verb';

const BACKING_OFF_SHOWN = 5;

export const outboxVerbs: Verb[] = [
  {
    words: ['outbox', 'status'],
    synopsis: '[service…]',
    summary: "how each service's outbox stands: pending, oldest, backing off, sent in the last hour",
    help: [
      'For each named service (default: all): events written but not yet confirmed by the broker, how',
      'long the oldest has waited, those the relay failed to publish and is backing off from (with',
      `their last error, the ${BACKING_OFF_SHOWN} oldest shown), and how many left in the last hour.`,
      'A pending count that grows while nothing is sent means the relay cannot reach RabbitMQ.',
    ].join('\n'),
    options: {},
    async run({ positionals, context }) {
      const services = servicesNamed(positionals);
      const urls = databaseUrls(services, context);
      const statuses: Array<{ service: string } & OutboxStatus> = [];
      for (const service of services) {
        const database = createDatabase(urls.get(service)!, {}, { max: 1, applicationName: 'linksmate-ops' });
        try {
          statuses.push({ service, ...(await outboxStatus(database.db, { shown: BACKING_OFF_SHOWN })) });
        } finally {
          await database.close();
        }
      }
      const overview = table(
        ['SERVICE', 'PENDING', 'OLDEST', 'BACKING OFF', 'SENT LAST HOUR'],
        statuses.map((s) => [
          s.service,
          String(s.pending),
          age(s.oldestPendingSeconds),
          String(s.backingOffCount),
          String(s.sentLastHour),
        ]),
      );
      const failing = statuses.flatMap((s) =>
        s.backingOff.map(
          (row) =>
            `  ${s.service} ${row.type} ${row.id}: ${row.attempts} attempts, last error: ${row.lastError ?? '-'}`,
        ),
      );
      return {
        data: statuses,
        text: failing.length ? `${overview}\n\nBacking off:\n${failing.join('\n')}` : overview,
      };
    },
  },
];
