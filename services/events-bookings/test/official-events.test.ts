import { EVENT_MESSAGES } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventsBookingsUnderTest, type Person, startEventsBookings } from './fixtures';

const HOUR = 3600_000;

describe('events-bookings: official events and their slot types', () => {
  let eb: EventsBookingsUnderTest;
  let siteAdmin: Person;
  let member: Person;
  let venueId: number;
  const at = (hours: number) => new Date(eb.clock.now().getTime() + hours * HOUR).toISOString();
  const official = (overrides: Record<string, unknown> = {}) => ({
    title: 'LinksMate Open',
    venue_id: venueId,
    start_time: at(48),
    end_time: at(54),
    ticket_types: [
      { name: 'Standard Admission', price_per_ticket: 4500 },
      { name: 'Member Guest', description: 'With a guest', price_per_ticket: 3000, currency: 'AUD' },
    ],
    ...overrides,
  });
  const refused = async (body: Record<string, unknown>) => {
    const res = await eb.post('/events/linksmate', body, siteAdmin.token);
    expect(res.statusCode).toBe(422);
    return res.json().errors as Record<string, string>;
  };

  beforeAll(async () => {
    eb = await startEventsBookings();
    siteAdmin = await eb.person({ role: 'site_admin' });
    member = await eb.person();
    venueId = await eb.venue({ name: 'The Lakes' });
    await eb.pool.query(
      `insert into coaches (id, first_name, last_name, version) values (3, 'Pat', 'Coach', 1)`,
    );
  });
  afterAll(() => eb?.close());

  it('when a site admin creates an official event, then it and its slot types are stored together', async () => {
    const res = await eb.post('/events/linksmate', official({ coach_profile_id: 3 }), siteAdmin.token);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.event).toMatchObject({
      title: 'LinksMate Open',
      event_type: 'linksmate_event',
      capacity: 10,
      status: 'open',
      venue_name: 'The Lakes',
      coach_profile_id: 3,
      coach_first_name: 'Pat',
      has_paid_slots: true,
    });
    expect(body.ticket_types).toEqual([
      expect.objectContaining({
        name: 'Standard Admission',
        price_per_ticket: 4500,
        currency: 'AUD',
        is_active: true,
      }),
      expect.objectContaining({ name: 'Member Guest', description: 'With a guest', price_per_ticket: 3000 }),
    ]);
    const listed = (await eb.get(`/events/${body.event.id}/ticket-types`)).json();
    expect(listed.ticket_types.map((t: { name: string }) => t.name)).toEqual([
      'Standard Admission',
      'Member Guest',
    ]);
    expect(
      (await eb.published('events.event.created')).map((e) => (e.data as { event_id: number }).event_id),
    ).toContain(body.event.id);
  });

  it('when fields are missing, then each gets the official messages', async () => {
    expect(await refused({ ticket_types: [] })).toEqual({
      title: EVENT_MESSAGES.officialTitleRequired,
      venue_id: EVENT_MESSAGES.venueRequired,
      start_time: EVENT_MESSAGES.officialStartRequired,
      ticket_types: EVENT_MESSAGES.slotTypeRequired,
    });
    expect(await refused(official({ ticket_types: [] }))).toEqual({
      ticket_types: EVENT_MESSAGES.slotTypeRequired,
    });
  });

  it('when the event is made without a list of slot types, then it is made alone and the separate call adds them (the spec’s fallback)', async () => {
    const { ticket_types: _, ...alone } = official({ title: 'Fallback Open' });
    const res = await eb.post('/events/linksmate', alone, siteAdmin.token);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().event.id;
    expect(res.json().ticket_types).toEqual([]);
    const added = await eb.post(
      `/events/${id}/ticket-types`,
      { ticket_types: [{ name: 'Standard Admission', price_per_ticket: 0 }] },
      siteAdmin.token,
    );
    expect(added.statusCode, added.body).toBe(201);
    const listed = (await eb.get(`/events/${id}/ticket-types`)).json();
    expect(listed.ticket_types.map((t: { name: string }) => t.name)).toEqual(['Standard Admission']);
  });

  it('when a slot type has no name or a negative price, then the error names that slot', async () => {
    expect(
      await refused(official({ ticket_types: [{ name: 'Ok' }, { name: ' ', price_per_ticket: -100 }] })),
    ).toEqual({
      'ticket_types.1.name': EVENT_MESSAGES.slotTypeNameRequired,
      'ticket_types.1.price_per_ticket': EVENT_MESSAGES.priceNegative,
    });
  });

  it('when capacity, times, price or coach are wrong, then the official rules refuse them', async () => {
    expect(await refused(official({ capacity: 0 }))).toEqual({
      capacity: EVENT_MESSAGES.officialCapacityMin,
    });
    expect(await refused(official({ capacity: 101 }))).toEqual({
      capacity: EVENT_MESSAGES.officialCapacityMax,
    });
    expect(await refused(official({ capacity: 12.5 }))).toEqual({
      capacity: EVENT_MESSAGES.officialCapacityWhole,
    });
    expect(await refused(official({ end_time: at(47) }))).toEqual({ end_time: EVENT_MESSAGES.endAfterStart });
    expect(await refused(official({ price_per_participant: -1 }))).toEqual({
      price_per_participant: EVENT_MESSAGES.priceNegative,
    });
    expect(await refused(official({ coach_profile_id: 77 }))).toEqual({
      coach_profile_id: 'Coach not found',
    });
    const full = await eb.post('/events/linksmate', official({ capacity: 100 }), siteAdmin.token);
    expect(full.statusCode).toBe(201);
  });

  it('when a member or a scoped admin creates an official event, then 403', async () => {
    expect((await eb.post('/events/linksmate', official(), member.token)).statusCode).toBe(403);
    const facility = await eb.person({ role: 'facility_admin' });
    expect((await eb.post('/events/linksmate', official(), facility.token)).statusCode).toBe(403);
    expect((await eb.post('/events/linksmate', official())).statusCode).toBe(401);
  });

  it('when slot types are added, then they are appended after the last, inactive ones hidden from the public list', async () => {
    const created = (await eb.post('/events/linksmate', official(), siteAdmin.token)).json();
    const id = created.event.id;
    const res = await eb.post(
      `/events/${id}/ticket-types`,
      {
        ticket_types: [
          { name: 'Twilight', price_per_ticket: { Valid: true, Int32: 2000 } },
          { name: 'Hidden', is_active: false },
        ],
      },
      siteAdmin.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().ticket_types.map((t: { name: string }) => t.name)).toEqual(['Twilight', 'Hidden']);
    const listed = (await eb.get(`/events/${id}/ticket-types`)).json().ticket_types;
    expect(listed.map((t: { name: string }) => t.name)).toEqual([
      'Standard Admission',
      'Member Guest',
      'Twilight',
    ]);
    expect(listed[2]).toMatchObject({ price_per_ticket: 2000, currency: 'AUD', event_id: id });
  });

  it('when someone else adds slot types or they are invalid, then 403 or 422; a missing event is 404', async () => {
    const created = (await eb.post('/events/linksmate', official(), siteAdmin.token)).json();
    const id = created.event.id;
    expect(
      (await eb.post(`/events/${id}/ticket-types`, { ticket_types: [{ name: 'X' }] }, member.token))
        .statusCode,
    ).toBe(403);
    const bad = await eb.post(
      `/events/${id}/ticket-types`,
      { ticket_types: [{ name: '' }] },
      siteAdmin.token,
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'ticket_types.0.name': EVENT_MESSAGES.slotTypeNameRequired });
    expect((await eb.get('/events/999999/ticket-types')).statusCode).toBe(404);
    // The creator of a member game adds slot types to their own game.
    const game = await eb.event({ venueId, creatorUserId: member.id });
    const own = await eb.post(
      `/events/${game.id}/ticket-types`,
      { ticket_types: [{ name: 'Walk-in' }] },
      member.token,
    );
    expect(own.statusCode).toBe(201);
  });
});
