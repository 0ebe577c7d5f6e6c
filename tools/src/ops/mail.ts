import type { DeadLetteredMessage } from '@linksmate/platform';
import { EmailRequested } from '@linksmate/proto';
import { deadLetterRow, deadQueuesFor, withDeadLetters } from './dlq';
import { sinceOption, table, UsageError, type Verb } from './verb';

/** messaging's consumer of EmailRequested (services/messaging/src/consumers/email-requested.ts). */
const EMAIL_DELIVERY_GROUP = 'messaging.email-delivery';

export const mailVerbs: Verb[] = [
  {
    words: ['mail', 'resend'],
    synopsis: '(--to address | --since time | --all) [--dry-run]',
    summary: 'send again the mails that failed for good (after an SMTP outage, say)',
    help: [
      'messaging sends each requested mail (EmailRequested) as it arrives and records every attempt in',
      'its email_deliveries table. When SMTP refuses a mail, the bus retries it for about a minute and a',
      "half, then dead-letters the request into messaging's email-delivery dead-letter queue, which is",
      'the only place the mail still exists (its content is not kept elsewhere). This replays the',
      "matching requests there to messaging's consumer, which sends them and records the attempts: what",
      'dlq replay does, filtered to mail. Mails that were sent are never in that queue, and the consumer',
      'ignores a request it already handled, so nothing is sent twice. Requests dead-lettered as invalid',
      '(they do not match the schema) are left: they would fail again.',
      '  --to address   only mails to this address (any case)',
      '  --since time   only mails requested since: ISO 8601 (2024-05-01T09:00:00Z) or back from now (6h, 2d)',
      '  --all          every failed mail',
      '  --dry-run      list what would be sent, send nothing',
      'Links in a mail keep the expiry they were made with: a verification or reset link older than its',
      'lifetime no longer works, and its owner asks for a new one. Needs AMQP_URL.',
    ].join('\n'),
    options: {
      to: { type: 'string' },
      since: { type: 'string' },
      all: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
    },
    async run({ positionals, values, context }) {
      if (positionals.length) throw new UsageError(`unexpected ${positionals.join(' ')}`);
      const to = typeof values.to === 'string' ? values.to.toLowerCase() : undefined;
      const since = sinceOption(values.since);
      if (!to && !since && !values.all) throw new UsageError('say which mails: --to, --since, or --all');
      const wanted = (message: DeadLetteredMessage) => {
        const data = (message.envelope?.data ?? {}) as { to?: unknown };
        return (
          message.type === EmailRequested.type &&
          message.reason !== 'invalid' &&
          (!to || String(data.to ?? '').toLowerCase() === to) &&
          (!since || Date.parse(message.occurredAt ?? '') >= since.getTime())
        );
      };
      const [queue] = deadQueuesFor(EMAIL_DELIVERY_GROUP, context) as [string];
      const dryRun = values['dry-run'] === true;
      const mails = await withDeadLetters(context, async (dlq) =>
        dryRun
          ? (await dlq.peek(queue, (await dlq.depth(queue)) ?? 0)).filter(wanted)
          : dlq.settle(queue, 'replay', wanted),
      );
      const rows = mails.map((m) => {
        const data = (m.envelope?.data ?? {}) as { to?: string; template?: string };
        return [
          String(data.to ?? '-'),
          String(data.template ?? '-'),
          m.occurredAt ?? '-',
          ...deadLetterRow(m).slice(5),
        ];
      });
      const listing = table(['TO', 'TEMPLATE', 'REQUESTED', 'LAST ERROR'], rows);
      return {
        data: { [dryRun ? 'would_resend' : 'resent']: mails },
        text: mails.length
          ? `${dryRun ? 'Would send again' : 'Sent back to messaging for delivery'}: ${mails.length}\n${listing}`
          : 'No failed mail matches.',
      };
    },
  },
];
