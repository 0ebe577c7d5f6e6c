import { SEVEN_CALLERS } from '@linksmate/platform/testing';
import { EVENT_MESSAGES, OFFICIAL_EVENT_TYPE, type Role } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventsBookingsUnderTest, type Person, startEventsBookings } from './fixtures';

const DAY = 24 * 3600_000;

/** The organiser, then the seven callers of spec 3: nobody, and each of our six roles. */
const CALLERS = ['organiser', ...SEVEN_CALLERS] as const;
type Caller = (typeof CALLERS)[number];

/**
 * A member's own game is changed by its organiser and the site admins only (docs/product.md#community-permissions; issue 23):
 * not by the facility admin of its venue, nor a coach admin whose coaching it names, though both
 * keep what spec 3 gives them over official events there.
 */
describe('events-bookings: who changes a member game', () => {
  let eb: EventsBookingsUnderTest;
  let venueId: number;
  let coachId: number;
  const people = {} as Record<Exclude<Caller, 'anonymous'>, Person>;

  const tokenOf = (caller: Caller) => (caller === 'anonymous' ? undefined : people[caller].token);
  /** A member game at the facility admin's venue that even names the coach admin's coaching. */
  const game = async () =>
    eb.event({
      venueId,
      coachProfileId: coachId,
      creatorUserId: people.organiser.id,
      startTime: new Date(eb.clock.now().getTime() + 3 * DAY),
      endTime: new Date(eb.clock.now().getTime() + 3 * DAY + 4 * 3600_000),
    });
  /** What a change would leave behind: the row, its slot types and bookings, and the outbox. */
  const traces = async (eventId: number) => {
    const { rows } = await eb.pool.query(
      `select e.title, e.version, e.deleted_at,
         (select count(*)::int from ticket_types t where t.event_id = e.id) as ticket_types,
         (select count(*)::int from bookings b where b.event_id = e.id) as bookings
       from events e where e.id = $1`,
      [eventId],
    );
    const outbox = await eb.pool.query('select count(*)::int as n from outbox');
    return { row: rows[0], outbox: outbox.rows[0].n as number };
  };

  const MUTATIONS = {
    edit: {
      ok: 200,
      send: (id: number, caller: Caller) => eb.put(`/events/${id}`, { title: 'Taken over' }, tokenOf(caller)),
    },
    delete: { ok: 204, send: (id: number, caller: Caller) => eb.delete(`/events/${id}`, tokenOf(caller)) },
    'add slot types': {
      ok: 201,
      send: (id: number, caller: Caller) =>
        eb.post(`/events/${id}/ticket-types`, { ticket_types: [{ name: 'Sneaky' }] }, tokenOf(caller)),
    },
    'add a person': {
      ok: 201,
      send: async (id: number, caller: Caller) =>
        eb.post(`/admin/events/${id}/add-user`, { user_id: (await eb.person()).id }, tokenOf(caller)),
    },
  } as const;

  /** Who may, per mutation: the organiser and site admins (add-user is the admin area's, not the organiser's). */
  const mayChange = (mutation: keyof typeof MUTATIONS, caller: Caller) =>
    caller === 'admin' || caller === 'site_admin' || (caller === 'organiser' && mutation !== 'add a person');

  beforeAll(async () => {
    eb = await startEventsBookings();
    const roles: Record<Exclude<Caller, 'anonymous'>, Role> = {
      organiser: 'member',
      member: 'member',
      coach: 'coach',
      coach_admin: 'coach_admin',
      facility_admin: 'facility_admin',
      site_admin: 'site_admin',
      admin: 'admin',
    };
    for (const [caller, role] of Object.entries(roles))
      people[caller as Exclude<Caller, 'anonymous'>] = await eb.person({ role });
    venueId = await eb.announcedVenue([people.facility_admin.id]);
    coachId = await eb.announcedCoach(people.coach_admin.id);
  });
  afterAll(() => eb?.close());

  for (const [mutation, { ok, send }] of Object.entries(MUTATIONS) as Array<
    [keyof typeof MUTATIONS, (typeof MUTATIONS)[keyof typeof MUTATIONS]]
  >) {
    it(`when each caller tries to ${mutation} on a member game, then only the organiser and site admins may; the others are refused and nothing changes`, async () => {
      const unexpected: string[] = [];
      for (const caller of CALLERS) {
        const event = await game();
        const before = await traces(event.id);
        const res = await send(event.id, caller);
        const expected = mayChange(mutation, caller) ? ok : caller === 'anonymous' ? 401 : 403;
        if (res.statusCode !== expected) unexpected.push(`${caller}: ${res.statusCode} ${res.body}`);
        if (expected >= 400) expect(await traces(event.id), `${caller} ${mutation}`).toEqual(before);
      }
      expect(unexpected).toEqual([]);
    });
  }

  it('when the facility admin of the venue tries to edit a member game there, then 403 with the spec message', async () => {
    const event = await game();
    const res = await eb.put(`/events/${event.id}`, { title: 'Venue rules' }, people.facility_admin.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: EVENT_MESSAGES.notEditor, code: 'not_editor' });
    expect((await eb.eventRow(event.id))!.title).toBe(event.title);
  });

  it('when the event is an official one at the same venue and coaching, then the facility and coach admins still change it', async () => {
    const official = await eb.event({
      venueId,
      coachProfileId: coachId,
      eventType: OFFICIAL_EVENT_TYPE,
      creatorUserId: people.site_admin.id,
      capacity: 10,
    });
    for (const caller of ['facility_admin', 'coach_admin'] as const) {
      const res = await eb.put(`/events/${official.id}`, { description: `By ${caller}` }, tokenOf(caller));
      expect(res.statusCode, res.body).toBe(200);
    }
    const added = await MUTATIONS['add a person'].send(official.id, 'facility_admin');
    expect(added.statusCode, added.body).toBe(201);
  });
});
