import { eventually, foreignEvent } from '@linksmate/platform/testing';
import type { NotificationsReply } from '@linksmate/proto';
import { MailCatcher } from '@linksmate/tools/mail-catcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MessagingUnderTest, type Person, startMessaging } from './fixtures';

const PUBLIC_URL = 'https://linksmate.example';

describe('messaging: reminders and membership notices become notifications and e-mails', () => {
  let m: MessagingUnderTest;
  let smtp: MailCatcher;

  beforeAll(async () => {
    smtp = new MailCatcher();
    await smtp.start();
    m = await startMessaging({ SMTP_URL: smtp.smtpUrl, PUBLIC_URL });
  });
  afterAll(async () => {
    await m?.close();
    await smtp?.stop();
  });

  const reminder = (person: Person, overrides: Record<string, unknown> = {}) => ({
    booking_id: 7000 + person.id,
    event_id: 910,
    event_title: 'Twilight Stableford',
    event_type: 'member_game',
    user_id: person.id,
    reminder: '24h',
    // 8:30 am on Sunday 6 December in Brisbane (no daylight saving there): 22:30 UTC the day before.
    start_time: '2026-12-05T22:30:00.000Z',
    time_zone: 'Australia/Brisbane',
    venue: {
      venue_id: 31,
      name: 'Royal Pines',
      address: '1 Ross Street',
      city: 'Benowa',
      state: 'QLD',
      lat: -28.0009,
      lng: 153.3832,
    },
    // The job found it due a minute after its moment, 24 hours before the start.
    occurred_at: '2026-12-04T22:31:00.000Z',
    ...overrides,
  });
  const notice = (person: Person, overrides: Record<string, unknown> = {}) => ({
    user_id: person.id,
    change: 'renews',
    on: '2026-12-12T03:00:00.000Z',
    type: 'annual',
    trial: false,
    source: 'purchase',
    occurred_at: new Date().toISOString(),
    ...overrides,
  });
  const notificationsOf = async (person: Person) => {
    const res = await m.get('/notifications', person.token);
    expect(res.statusCode).toBe(200);
    return res.json() as NotificationsReply;
  };
  const choose = async (person: Person, kind: string, channel: string) => {
    const res = await m.app.inject({
      method: 'PUT',
      url: '/notifications/preferences',
      headers: { authorization: `Bearer ${person.token}` },
      payload: { preferences: [{ kind, channel }] },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const mailsTo = (person: Person) =>
    smtp.messages().filter((mail) => mail.to.includes(`golfer${person.id}@example.com`));
  /** The person's e-mail, once messaging's outbox has asked for it and its delivery sent it over SMTP. */
  const mailTo = (person: Person) =>
    eventually(async () => {
      await m.service.settle();
      const [mail] = mailsTo(person);
      if (!mail) throw new Error(`no mail to golfer${person.id} yet`);
      return mail;
    }, 10_000);

  it('when a reminder falls due, then the person has a notification leading to the game and an e-mail with the local start, the address and directions', async () => {
    const person = await m.person();
    await m.deliver('events.booking.reminder-fell-due', reminder(person), 'events-bookings');
    const { notifications } = await notificationsOf(person);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      kind: 'reminder',
      title: 'In 24 hours: Twilight Stableford',
      body: 'Starts Sun, 6 Dec 2026, 8:30 am AEST at Royal Pines, 1 Ross Street, Benowa, QLD.',
      link: '/events/910',
      read_at: null,
    });

    const mail = await mailTo(person);
    const directions = 'https://www.google.com/maps/dir/?api=1&destination=-28.0009%2C153.3832';
    expect(mail.subject).toBe('In 24 hours: Twilight Stableford');
    expect(mail.text).toContain('Starts Sun, 6 Dec 2026, 8:30 am AEST at Royal Pines');
    expect(mail.text).toContain('Where: Royal Pines, 1 Ross Street, Benowa, QLD');
    expect(mail.links).toEqual([directions, `${PUBLIC_URL}/events/910`]);
    expect(mail.html).toContain(`href="${directions.replace('&', '&amp;')}"`);
    expect(mail.html).toContain('Get directions');
  });

  it('when a venue has no coordinates, then the directions lead to its name and address', async () => {
    const person = await m.person();
    const venue = {
      venue_id: 32,
      name: 'Moore Park',
      address: '1 Cleveland St',
      city: 'Moore Park',
      state: 'NSW',
      lat: null,
      lng: null,
    };
    await m.deliver(
      'events.booking.reminder-fell-due',
      reminder(person, {
        reminder: '2h',
        venue,
        time_zone: 'Australia/Sydney',
        occurred_at: '2026-12-05T20:31:00.000Z',
      }),
      'events-bookings',
    );
    const mail = await mailTo(person);
    expect(mail.subject).toBe('In 2 hours: Twilight Stableford');
    expect(mail.text).toContain('Starts Sun, 6 Dec 2026, 9:30 am AEDT at Moore Park');
    expect(mail.links[0]).toBe(
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent('Moore Park, 1 Cleveland St, Moore Park, NSW')}`,
    );
  });

  it('when the day-before reminder is made late (the game moved to 10 hours away), then it says the lead it really has', async () => {
    const person = await m.person();
    await m.deliver(
      'events.booking.reminder-fell-due',
      reminder(person, { occurred_at: '2026-12-05T12:30:00.000Z' }),
      'events-bookings',
    );
    const { notifications } = await notificationsOf(person);
    expect(notifications[0]).toMatchObject({ title: 'In 10 hours: Twilight Stableford' });
    expect((await mailTo(person)).subject).toBe('In 10 hours: Twilight Stableford');
  });

  it('when a person turned reminders off, then nothing is stored or mailed; in app only, then no e-mail', async () => {
    const [quiet, inApp, control] = [await m.person(), await m.person(), await m.person()];
    await choose(quiet, 'reminder', 'off');
    await choose(inApp, 'reminder', 'in_app');
    for (const person of [quiet, inApp, control])
      await m.deliver('events.booking.reminder-fell-due', reminder(person), 'events-bookings');
    // The control's mail arriving shows the e-mails asked for in the same moments went out.
    await mailTo(control);
    await m.published('notifications.email.requested');
    expect((await notificationsOf(quiet)).total).toBe(0);
    expect((await notificationsOf(inApp)).notifications.map((n) => n.kind)).toEqual(['reminder']);
    const requested = (await m.published('notifications.email.requested')).map(
      (e) => (e.data as { user_id: number }).user_id,
    );
    expect(requested).not.toContain(quiet.id);
    expect(requested).not.toContain(inApp.id);
    expect(mailsTo(quiet)).toEqual([]);
    expect(mailsTo(inApp)).toEqual([]);
  });

  it('when the same reminder is delivered twice, then there is one notification and one e-mail', async () => {
    const person = await m.person();
    const event = foreignEvent('events.booking.reminder-fell-due', reminder(person), 'events-bookings');
    await m.service.deliver(event);
    await m.service.deliver(event);
    await mailTo(person);
    await new Promise((r) => setTimeout(r, 300));
    expect((await notificationsOf(person)).total).toBe(1);
    expect(mailsTo(person)).toHaveLength(1);
  });

  it('when a membership is about to renew or end, then its holder is told with the date, leading to the membership page, in app and by e-mail', async () => {
    const [renewing, ending, trial] = [await m.person(), await m.person(), await m.person()];
    await m.deliver('payments.membership.notice-fell-due', notice(renewing), 'membership-payments');
    await m.deliver(
      'payments.membership.notice-fell-due',
      notice(ending, { change: 'ends', source: 'grant', type: 'monthly' }),
      'membership-payments',
    );
    await m.deliver(
      'payments.membership.notice-fell-due',
      notice(trial, { trial: true }),
      'membership-payments',
    );
    expect((await notificationsOf(renewing)).notifications[0]).toMatchObject({
      kind: 'membership',
      title: 'Your membership renews on 12 December 2026',
      link: '/membership',
    });
    expect((await notificationsOf(ending)).notifications[0]).toMatchObject({
      kind: 'membership',
      title: 'Your membership ends on 12 December 2026',
      body: expect.stringContaining(
        'It will not renew. Members-only games and events close to you after it; choose a plan',
      ),
    });
    expect((await notificationsOf(trial)).notifications[0]!.body).toContain('Your free trial ends then');
    const mail = await mailTo(ending);
    expect(mail.subject).toBe('Your membership ends on 12 December 2026');
    expect(mail.links).toEqual([`${PUBLIC_URL}/membership`]);
  });

  it('when a person turned membership notices off, then they are not told', async () => {
    const [quiet, control] = [await m.person(), await m.person()];
    await choose(quiet, 'membership', 'off');
    await m.deliver('payments.membership.notice-fell-due', notice(quiet), 'membership-payments');
    await m.deliver('payments.membership.notice-fell-due', notice(control), 'membership-payments');
    await eventually(async () => expect((await notificationsOf(control)).total).toBe(1));
    expect((await notificationsOf(quiet)).total).toBe(0);
  });
});
