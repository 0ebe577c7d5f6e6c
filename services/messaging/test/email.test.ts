import {
  eventually,
  foreignEvent,
  type ServiceUnderTest,
  silentLogger,
  startServiceUnderTest,
  testPool,
} from '@linksmate/platform/testing';
import { MailCatcher } from '@linksmate/tools/mail-catcher';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loadMessagingConfig, migrationsFolder } from '../src';

const emailRequest = (to: string, template: string, variables: Record<string, string>) =>
  foreignEvent('notifications.email.requested', { to, template, variables, user_id: 1 });

describe('messaging: e-mail delivery', () => {
  let smtp: MailCatcher;
  let messaging: ServiceUnderTest;
  let pool: pg.Pool;

  beforeAll(async () => {
    smtp = new MailCatcher();
    await smtp.start();
    messaging = await startServiceUnderTest({
      name: 'messaging',
      migrationsFolder,
      logger: silentLogger(),
      env: { SMTP_URL: smtp.smtpUrl, PUBLIC_URL: 'https://linksmate.example' },
      build: (env, deps) => buildApp(loadMessagingConfig(env), deps),
    });
    pool = testPool(messaging.database.url, 2);
  });

  afterAll(async () => {
    await pool?.end();
    await messaging?.close();
    await smtp?.stop();
  });

  /** Asks for one mail, as identity would, and waits until it arrives. */
  const mailed = async (to: string, template: string, variables: Record<string, string>) => {
    await messaging.bus.publish([emailRequest(to, template, variables)]);
    return smtp.waitFor((m) => m.to.includes(to));
  };

  const deliveries = async (to: string) =>
    (
      await pool.query(
        'select status, template, subject, attempt from email_deliveries where recipient = $1 order by id',
        [to],
      )
    ).rows;

  it('when a verification mail is requested, then it arrives over SMTP in HTML and text with the link on the public URL', async () => {
    const mail = await mailed('ava@example.com', 'verify-email', { username: 'ava', token: 'tok-123' });
    expect(mail.subject).toBe('Verify your email for LinksMate');
    expect(mail.links).toEqual(['https://linksmate.example/verify-email?token=tok-123']);
    expect(mail.text).toContain('Hi ava,');
    expect(mail.html).toContain('href="https://linksmate.example/verify-email?token=tok-123"');
    await eventually(async () =>
      expect(await deliveries('ava@example.com')).toEqual([
        { status: 'sent', template: 'verify-email', subject: 'Verify your email for LinksMate', attempt: 1 },
      ]),
    );
  });

  it('when an owner is told someone tried their address, then the mail says how and links log-in and password reset', async () => {
    const mail = await mailed('owner@example.com', 'account-exists', { username: 'owner', attempt: 'claim' });
    expect(mail.subject).toBe('Someone tried to sign up to LinksMate with your email');
    expect(mail.text).toContain('Hi owner,');
    expect(mail.text).toContain('claim a coach or venue profile');
    expect(mail.links).toEqual([
      'https://linksmate.example/login',
      'https://linksmate.example/forgot-password',
    ]);
    expect(mail.html).toContain('href="https://linksmate.example/login"');
  });

  it('when a password reset mail is requested, then its link leads to the reset page', async () => {
    const mail = await mailed('ben@example.com', 'reset-password', { username: 'ben', token: 'reset-9' });
    expect(mail.subject).toBe('Reset your LinksMate password');
    expect(mail.links).toEqual(['https://linksmate.example/reset-password?token=reset-9']);
    expect(mail.text).toContain('15 minutes');
  });

  it('when a waitlisted person gets a seat, then the mail says they are in and links the event', async () => {
    const mail = await mailed('wes@example.com', 'waitlist-promoted', {
      username: 'Wes',
      event_id: '42',
      event_title: 'Twilight Nine',
      start_time: '2026-11-28T01:30:00.000Z',
      outcome: 'confirmed',
    });
    expect(mail.subject).toBe("You're in: Twilight Nine");
    expect(mail.text).toContain('your booking is confirmed');
    expect(mail.text).toContain('Sat, 28 Nov 2026, 12:30 pm AEDT');
    expect(mail.links).toEqual(['https://linksmate.example/events/42']);
  });

  it('when a waitlisted person is offered a paid seat, then the mail says until when it is held and links the event', async () => {
    const mail = await mailed('ola@example.com', 'waitlist-offered', {
      username: 'Ola',
      event_id: '7',
      event_title: 'Club Championship',
      start_time: '2026-12-05T22:00:00.000Z',
      offer_expires_at: '2026-11-24T03:15:00.000Z',
    });
    expect(mail.subject).toBe('A seat at Club Championship is held for you');
    expect(mail.text).toContain('holding it for you until Tue, 24 Nov 2026, 2:15 pm AEDT');
    expect(mail.links).toEqual(['https://linksmate.example/events/7']);
  });

  it('when a join request is decided, then the mail says whether it was approved or not', async () => {
    await messaging.bus.publish([
      emailRequest('yes@example.com', 'join-request-decided', {
        event_id: '9',
        event_title: 'Sunday Fourball',
        approved: 'true',
      }),
      emailRequest('no@example.com', 'join-request-decided', {
        event_id: '9',
        event_title: 'Sunday Fourball',
        approved: 'false',
      }),
    ]);
    const yes = await smtp.waitFor((m) => m.to.includes('yes@example.com'));
    expect(yes.subject).toBe("You're in: Sunday Fourball");
    expect(yes.text).toContain('was approved');
    const no = await smtp.waitFor((m) => m.to.includes('no@example.com'));
    expect(no.subject).toBe('Your request to join Sunday Fourball');
    expect(no.text).toContain('was not accepted');
    expect(no.links).toEqual(['https://linksmate.example/events/9']);
  });

  it('when a refund for a lost seat is told, then the mail names the event and the amount and links My Bookings', async () => {
    const mail = await mailed('rae@example.com', 'event-payment-refunded', {
      username: 'Rae',
      event_title: 'Saturday Stableford',
      amount: '$44.00',
      seats: '2',
    });
    expect(mail.subject).toBe('Your payment for Saturday Stableford was refunded');
    expect(mail.text).toContain('$44.00');
    expect(mail.text).toContain('seats were no longer available');
    expect(mail.links).toEqual(['https://linksmate.example/my-bookings']);
  });

  it('when the same request is delivered twice, then one mail goes out', async () => {
    const request = emailRequest('cal@example.com', 'verify-email', { username: 'cal', token: 't' });
    await messaging.bus.publish([request]);
    await smtp.waitFor((m) => m.to.includes('cal@example.com'));
    await messaging.bus.publish([request]);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messagesTo('cal@example.com')).toHaveLength(1);
  });

  it('when the SMTP server refuses, then the refusal is recorded and the bus retries until it is accepted', async () => {
    smtp.refusing = true;
    await messaging.bus.publish([
      emailRequest('dee@example.com', 'verify-email', { username: 'dee', token: 't' }),
    ]);
    await eventually(async () =>
      expect((await deliveries('dee@example.com')).length).toBeGreaterThanOrEqual(1),
    );
    smtp.refusing = false;
    await smtp.waitFor((m) => m.to.includes('dee@example.com'));
    // The delivery is recorded in the same transaction that acknowledges the request, just after.
    await eventually(async () =>
      expect((await deliveries('dee@example.com')).at(-1)).toMatchObject({ status: 'sent' }),
    );
    const rows = await deliveries('dee@example.com');
    expect(rows[0]).toMatchObject({ status: 'failed', attempt: 1 });
    expect(smtp.messagesTo('dee@example.com')).toHaveLength(1);
  });

  it('when the template is unknown, then it is recorded as failed and not retried', async () => {
    await messaging.bus.publish([emailRequest('eve@example.com', 'no-such-template', {})]);
    await eventually(async () =>
      expect(await deliveries('eve@example.com')).toEqual([
        { status: 'failed', template: 'no-such-template', subject: '', attempt: 1 },
      ]),
    );
  });
});
