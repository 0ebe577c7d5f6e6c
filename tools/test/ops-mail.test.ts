import * as messaging from '@linksmate/messaging';
import { createEvent, type DeadLetteredMessage, type RabbitMqEventBus } from '@linksmate/platform';
import { eventually, testAmqpUrl } from '@linksmate/platform/testing';
import { EmailRequested } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from '../src/mail-catcher';
import { ops } from './fixtures/ops';
import { RabbitServices } from './fixtures/rabbit-services';

describe('ops mail resend: mails refused during an SMTP outage, sent once SMTP is back', () => {
  const services = new RabbitServices();
  const smtp = new MailCatcher();
  let publisher: RabbitMqEventBus;
  const env = { AMQP_URL: testAmqpUrl() };
  const run = (...args: string[]) => ops(args, env, { queuePrefix: services.queuePrefix });
  const verification = (to: string, token: string) =>
    createEvent(
      EmailRequested,
      { to, template: 'verify-email', variables: { token }, user_id: 7 },
      'identity',
    );
  const forAlice = verification('alice@example.com', 'alice-token');
  const forBob = verification('bob@example.com', 'bob-token');

  beforeAll(async () => {
    await smtp.start();
    smtp.refusing = true;
    await services.start(
      'messaging',
      messaging.migrationsFolder,
      (serviceEnv, bus) => messaging.buildApp(messaging.loadMessagingConfig(serviceEnv), { bus }),
      { SMTP_URL: smtp.smtpUrl, STORAGE_DRIVER: 'local', UPLOADS_DIR: '/nonexistent/ops-mail' },
    );
    publisher = await services.connectedBus('identity');
    await publisher.publish([forAlice, forBob]);
    // Refused at every attempt: both requests end up dead-lettered.
    await eventually(async () => {
      const dead = await run('mail', 'resend', '--all', '--dry-run', '--json');
      expect(dead.json<{ would_resend: DeadLetteredMessage[] }>().would_resend).toHaveLength(2);
    }, 30_000);
  });

  afterAll(async () => {
    await services.close();
    await smtp.stop();
  });

  it('when SMTP is back and the mails to one address are resent, then that mail arrives once and the other waits', async () => {
    const { rows: refused } = await services.query(
      'messaging',
      "select status from email_deliveries where event_id = $1 and status = 'failed'",
      [forAlice.id],
    );
    expect(refused.length).toBeGreaterThan(0);
    smtp.refusing = false;
    const resent = await run('mail', 'resend', '--to', 'Alice@Example.com');
    expect(resent.code, resent.stderr).toBe(0);
    expect(resent.stdout).toContain('Sent back to messaging for delivery: 1');
    expect(resent.stdout).toContain('alice@example.com');
    const arrived = await smtp.waitFor((m) => m.to.includes('alice@example.com'), 15_000);
    expect(arrived.links.some((link) => link.includes('alice-token'))).toBe(true);
    await eventually(async () => {
      const { rows } = await services.query(
        'messaging',
        "select 1 from email_deliveries where event_id = $1 and status = 'sent'",
        [forAlice.id],
      );
      expect(rows).toHaveLength(1);
    }, 15_000);
    expect(smtp.messagesTo('bob@example.com')).toEqual([]);
    const left = await run('mail', 'resend', '--all', '--dry-run', '--json');
    expect(left.json<{ would_resend: DeadLetteredMessage[] }>().would_resend.map((m) => m.eventId)).toEqual([
      forBob.id,
    ]);
    // Nothing left for alice: said, with exit code 0 and nothing sent.
    const again = await run('mail', 'resend', '--to', 'alice@example.com');
    expect(again.stdout).toContain('No failed mail matches.');
    expect(smtp.messagesTo('alice@example.com')).toHaveLength(1);
  });

  it('when no mails are named, then it asks which with exit code 2', async () => {
    const vague = await run('mail', 'resend');
    expect(vague.code).toBe(2);
    expect(vague.stderr).toContain('say which mails: --to, --since, or --all');
  });
});
