import { createEvent } from '@linksmate/platform';
import {
  CoachCreated,
  CoachDeleted,
  CoachUpdated,
  type EventData,
  type EventDefinition,
  UserDeleted,
  UserRegistered,
  UserUpdated,
  VenueCreated,
  VenueDeleted,
  VenueSubmitted,
  VenueUpdated,
} from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventsBookingsUnderTest, startEventsBookings } from './fixtures';

const fact = <D extends EventDefinition>(definition: D, data: EventData<D>) =>
  createEvent(definition, data, 'test');

const user = (id: number, version: number, overrides: Partial<EventData<typeof UserUpdated>> = {}) => ({
  user_id: id,
  username: `player${id}`,
  email: `player${id}@example.com`,
  first_name: 'Ada',
  last_name: `v${version}`,
  profile_image_url: null,
  role: 'member' as const,
  skill_level: 'intermediate',
  manual_handicap: 12.4,
  availability_status: null,
  is_profile_visible: true,
  email_verified: true,
  banned: false,
  created_at: new Date().toISOString(),
  last_login_at: null,
  token_version: 0,
  version,
  ...overrides,
});

const venue = (id: number, version: number, overrides: Partial<EventData<typeof VenueCreated>> = {}) => ({
  venue_id: id,
  name: `Links v${version}`,
  slug: `links-${id}`,
  address: '1 Fairway Road',
  city: 'Sydney',
  state: 'NSW',
  lat: -33.9,
  lng: 151.2,
  is_active: true,
  is_verified: true,
  version,
  ...overrides,
});

const coach = (id: number, version: number, userId: number | null = null) => ({
  coach_id: id,
  user_id: userId,
  first_name: 'Coach',
  last_name: `v${version}`,
  email: null,
  profile_image_url: null,
  venue_id: null,
  is_verified: true,
  version,
});

describe('events-bookings: projections of users, venues and coaches', () => {
  let eb: EventsBookingsUnderTest;
  const row = async (table: string, id: number) =>
    (await eb.pool.query(`select * from ${table} where id = $1`, [id])).rows[0];

  const deliver = (event: ReturnType<typeof fact>) => eb.deliver(event);

  beforeAll(async () => {
    eb = await startEventsBookings();
  });
  afterAll(() => eb?.close());

  it('when a user snapshot arrives, then the projection holds it and a later version replaces it', async () => {
    await deliver(fact(UserRegistered, user(501, 1)));
    expect(await row('users', 501)).toMatchObject({ username: 'player501', last_name: 'v1', version: 1 });
    await deliver(fact(UserUpdated, user(501, 3, { manual_handicap: 8 })));
    expect(await row('users', 501)).toMatchObject({ last_name: 'v3', manual_handicap: 8, version: 3 });
  });

  it('when an older or repeated user snapshot arrives late, then nothing is rolled back', async () => {
    await deliver(fact(UserUpdated, user(502, 4)));
    await deliver(fact(UserUpdated, user(502, 2, { last_name: 'stale' })));
    await deliver(fact(UserUpdated, user(502, 4, { last_name: 'repeat' })));
    expect(await row('users', 502)).toMatchObject({ last_name: 'v4', version: 4 });
  });

  it('when a user is deleted, then they are marked deleted and an older snapshot does not revive them', async () => {
    await deliver(fact(UserRegistered, user(503, 1)));
    await deliver(fact(UserDeleted, { user_id: 503, token_version: 1, version: 2 }));
    await deliver(fact(UserUpdated, user(503, 1)));
    expect(await row('users', 503)).toMatchObject({ deleted: true, username: 'player503', version: 2 });
    // Deleted before this service ever heard of them: a placeholder keeps the version.
    await deliver(fact(UserDeleted, { user_id: 504, token_version: 1, version: 5 }));
    await deliver(fact(UserRegistered, user(504, 1)));
    expect(await row('users', 504)).toMatchObject({ deleted: true, version: 5 });
  });

  it('when venue events arrive out of order, then listed follows is_active of the newest version', async () => {
    await deliver(
      fact(VenueSubmitted, { ...venue(701, 1, { is_active: false }), submitted_by_user_id: 501 }),
    );
    expect(await row('venues', 701)).toMatchObject({ listed: false, version: 1 });
    await deliver(fact(VenueUpdated, venue(701, 3)));
    await deliver(fact(VenueCreated, venue(701, 2, { is_active: false, name: 'stale' })));
    expect(await row('venues', 701)).toMatchObject({ listed: true, name: 'Links v3', version: 3 });
    await deliver(fact(VenueDeleted, { venue_id: 701, version: 4 }));
    await deliver(fact(VenueUpdated, venue(701, 3)));
    expect(await row('venues', 701)).toMatchObject({ deleted: true, listed: false, version: 4 });
  });

  it('when a venue snapshot names who runs it, then the projection keeps them; one without them (an older event) names none', async () => {
    await deliver(fact(VenueCreated, venue(702, 1)));
    expect(await row('venues', 702)).toMatchObject({ admin_user_ids: [], version: 1 });
    await deliver(fact(VenueUpdated, venue(702, 2, { admin_user_ids: [501, 502] })));
    expect(await row('venues', 702)).toMatchObject({ admin_user_ids: [501, 502], version: 2 });
    await deliver(fact(VenueUpdated, venue(702, 1, { admin_user_ids: [] })));
    expect((await row('venues', 702)).admin_user_ids).toEqual([501, 502]);
    await deliver(fact(VenueUpdated, venue(702, 3, { admin_user_ids: [502] })));
    expect((await row('venues', 702)).admin_user_ids).toEqual([502]);
    await deliver(fact(VenueDeleted, { venue_id: 702, version: 4 }));
    expect(await row('venues', 702)).toMatchObject({ deleted: true, admin_user_ids: [] });
  });

  it('when coach events arrive late or twice, then the newest coach stays and a deletion sticks', async () => {
    await deliver(fact(CoachCreated, coach(801, 1, 501)));
    await deliver(fact(CoachUpdated, coach(801, 2, 501)));
    await deliver(fact(CoachUpdated, coach(801, 2, 502)));
    await deliver(fact(CoachCreated, coach(801, 1)));
    expect(await row('coaches', 801)).toMatchObject({ user_id: 501, last_name: 'v2', version: 2 });
    await deliver(fact(CoachDeleted, { coach_id: 801, version: 3 }));
    await deliver(fact(CoachUpdated, coach(801, 2, 501)));
    expect(await row('coaches', 801)).toMatchObject({ deleted: true, version: 3 });
  });

  it('when the projections change, then an event shows the venue, creator and coach from them', async () => {
    const ev = await eb.event({
      venueId: 701,
      creatorUserId: 501,
      coachProfileId: 801,
      eventType: 'linksmate_event',
    });
    await deliver(fact(CoachCreated, coach(802, 1, 502)));
    await eb.pool.query('update events set coach_profile_id = 802 where id = $1', [ev.id]);
    const shown = (await eb.get(`/events/${ev.id}`)).json();
    expect(shown).toMatchObject({
      venue_name: 'Links v3',
      creator_username: 'player501',
      creator_last_name: 'v3',
      coach_username: 'player502',
      coach_last_name: 'v1',
    });
  });
});
