import * as identity from '@linksmate/identity';
import * as messaging from '@linksmate/messaging';
import { eventually } from '@linksmate/platform/testing';
import type { EventEnvelope } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from '../src/mail-catcher';
import { RabbitServices } from './fixtures/rabbit-services';

describe('accounts over RabbitMQ: identity → outbox → RabbitMQ → messaging → SMTP', () => {
  const services = new RabbitServices();
  const smtp = new MailCatcher();
  let identityApp: Awaited<ReturnType<typeof identity.buildApp>>;

  beforeAll(async () => {
    await smtp.start();
    identityApp = await services.start('identity', identity.migrationsFolder, (env, bus) =>
      identity.buildApp(identity.loadIdentityConfig(env), { bus }),
    );
    await services.start(
      'messaging',
      messaging.migrationsFolder,
      (env, bus) => messaging.buildApp(messaging.loadMessagingConfig(env), { bus }),
      { SMTP_URL: smtp.smtpUrl, PUBLIC_URL: 'http://linksmate.test' },
    );
  });

  afterAll(async () => {
    await services.close();
    await smtp.stop();
  });

  it('when a person registers, then exactly one verification mail reaches the SMTP server, even when the event is redelivered', async () => {
    const requested: EventEnvelope[] = [];
    const observer = services.bus('observer');
    await observer.start();
    await observer.subscribe({
      group: 'test-observer',
      patterns: ['notifications.email.requested'],
      handler: async (event) => void requested.push(event),
    });
    const res = await identityApp.inject({
      method: 'POST',
      url: '/auth/register',
      payload: {
        username: 'rabbit_reg',
        email: 'rabbit@example.com',
        password: 'Str0ng!pass',
        role: 'member',
      },
    });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitFor((m) => m.to.includes('rabbit@example.com'), 20_000);
    expect(mail.subject).toBe('Verify your email for LinksMate');
    expect(mail.links[0]).toMatch(/^http:\/\/linksmate\.test\/verify-email\?token=/);

    // Once sent, identity's outbox keeps no copy of the link token.
    await eventually(async () => {
      const { rows } = await services.query(
        'identity',
        `select envelope from outbox where type = 'notifications.email.requested' and sent_at is not null`,
      );
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows[0])).not.toContain(new URL(mail.links[0]!).searchParams.get('token'));
    });

    // The broker delivers the very same event again, as it would after a lost ack.
    await eventually(() => expect(requested).toHaveLength(1));
    await services.republish('notifications.email.requested', requested[0]);
    await services.republish('notifications.email.requested', requested[0]);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(smtp.messagesTo('rabbit@example.com')).toHaveLength(1);

    // The link in the mail verifies the account.
    const token = new URL(mail.links[0]!).searchParams.get('token');
    expect((await identityApp.inject(`/auth/verify-email?token=${token}`)).statusCode).toBe(200);
  });

  it("when someone registers an address that has an account, then the answer is a new registration's and the owner, not a second account, gets a mail with log-in and reset links", async () => {
    const register = (username: string, email: string) =>
      identityApp.inject({
        method: 'POST',
        url: '/auth/register',
        payload: { username, email, password: 'Str0ng!pass' },
      });
    expect((await register('owner_first', 'owner@example.com')).statusCode).toBe(201);
    const again = await register('owner_copy', 'Owner@Example.com');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({
      message: 'Account created. Please check your email to verify your account.',
      user: { id: expect.any(Number), username: 'owner_copy', email: 'Owner@Example.com' },
    });
    const told = await smtp.waitFor(
      (m) => m.to.includes('owner@example.com') && m.subject.startsWith('Someone tried'),
      20_000,
    );
    expect(told.text).toContain('Hi owner_first,');
    expect(told.text).toContain('create a new account');
    expect(told.links).toEqual(['http://linksmate.test/login', 'http://linksmate.test/forgot-password']);
    const { rows } = await services.query(
      'identity',
      `select username from users where lower(email) = 'owner@example.com'`,
    );
    expect(rows).toEqual([{ username: 'owner_first' }]);
  });
});
