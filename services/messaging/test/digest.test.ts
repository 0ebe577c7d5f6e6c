import { eventually } from '@linksmate/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MessagingUnderTest, type Person, startMessaging } from './fixtures';

const MINUTE = 60_000;

describe('messaging: the digest of missed messages', () => {
  let m: MessagingUnderTest;
  let ava: Person;
  let ben: Person;
  let cal: Person;
  const digestsTo = async (person: Person) =>
    (await m.published('notifications.email.requested')).filter(
      (e) => (e.data as { user_id: number; template: string }).user_id === person.id,
    );

  beforeAll(async () => {
    // The sweep looks every second here; the test clock decides what counts as missed.
    m = await startMessaging({ DIGEST_SWEEP_INTERVAL_MS: '1000' });
    ava = await m.person({ firstName: 'Ava', lastName: 'Reid' });
    ben = await m.person();
    cal = await m.person();
  });
  afterAll(() => m?.close());

  it('when messages stay unread for a while, then one e-mail tells of them, and no second one within the hour', async () => {
    await m.post('/messages/dm', { receiver_user_id: ben.id, content: 'Sunday?' }, ava.token);
    await m.post('/messages/dm', { receiver_user_id: ben.id, content: 'Or Saturday?' }, ava.token);
    // Fresh messages are not missed yet.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await digestsTo(ben)).toEqual([]);

    m.service.clock.advance(11 * MINUTE);
    const [digest] = await eventually(async () => {
      const sent = await digestsTo(ben);
      expect(sent).toHaveLength(1);
      return sent;
    });
    expect(digest!.data).toMatchObject({
      to: expect.stringContaining(`golfer${ben.id}`),
      template: 'messages-digest',
      variables: { count: 2, senders: 'Ava Reid' },
    });

    await m.post('/messages/dm', { receiver_user_id: ben.id, content: 'Hello?' }, ava.token);
    m.service.clock.advance(20 * MINUTE);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await digestsTo(ben)).toHaveLength(1);
    // After the hour, the newer message gets its own digest, telling only of it.
    m.service.clock.advance(45 * MINUTE);
    await eventually(async () => expect(await digestsTo(ben)).toHaveLength(2));
    expect((await digestsTo(ben))[1]!.data).toMatchObject({ variables: { count: 1 } });
  });

  it('when a person turns the digest off, then missed messages are not mailed; read ones never are', async () => {
    expect((await m.get('/messages/preferences', cal.token)).json()).toEqual({ email_digest: true });
    const off = await m.app.inject({
      method: 'PUT',
      url: '/messages/preferences',
      payload: { email_digest: false },
      headers: { authorization: `Bearer ${cal.token}` },
    });
    expect(off.json()).toEqual({ email_digest: false });
    await m.post('/messages/dm', { receiver_user_id: cal.id, content: 'Quiet please' }, ava.token);
    m.service.clock.advance(15 * MINUTE);
    await new Promise((r) => setTimeout(r, 2000));
    expect(await digestsTo(cal)).toEqual([]);
  });
});
