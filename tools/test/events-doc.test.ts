import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVENTS_DOC, readConsumers, renderEventsDoc } from '../src/docs/events';

describe('docs/events.md', () => {
  it('when it is generated again from proto and the consumer registrations, then it is the file in the repository', async () => {
    const fresh = await renderEventsDoc();
    const kept = readFileSync(EVENTS_DOC, 'utf8');
    expect(
      kept === fresh,
      'docs/events.md is out of date with proto/src/events or the services’ consumers: run `npm run docs:events` and commit the result',
    ).toBe(true);
  });

  it('when the consumers are read, then every service’s groups are found and the gateway’s pushes are among them', async () => {
    const groups = (await readConsumers()).map((c) => c.group);
    expect(groups).toEqual(
      expect.arrayContaining([
        'identity.membership-snapshot',
        'membership-payments.users',
        'events-bookings.payments',
        'venues-coaches.user-deletions',
        'messaging.email-delivery',
        'admin.directory-people',
        'gateway.realtime',
      ]),
    );
  });
});
