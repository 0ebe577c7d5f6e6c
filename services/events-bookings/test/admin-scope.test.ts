import {
  ADMIN_COACH_MESSAGES,
  type AdminBooking,
  AVAILABILITY_MESSAGES,
  type AvailabilitySlot,
  type Event,
  OFFICIAL_EVENT_TYPE,
} from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventsBookingsUnderTest, type Person, startEventsBookings } from './fixtures';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * Spec 3: a facility admin's admin area is limited to the venues it is assigned to (the venue's
 * `admin_user_ids`, from venues-coaches), a coach admin's to its own coaching business (the coach
 * profile its account holds); site admins see and do everything.
 */
describe('events-bookings: each admin sees and changes only their part of the admin area', () => {
  let eb: EventsBookingsUnderTest;
  let siteAdmin: Person;
  let facility: Person;
  let otherFacility: Person;
  let coachAdmin: Person;
  let ownVenue: number;
  let otherVenue: number;
  let ownCoach: number;
  let otherCoach: number;
  /** At the facility admin's venue, no coach. */
  let atOwnVenue: number;
  /** At the other venue, with the coach admin's coach. */
  let withOwnCoach: number;
  /** At the other venue, another coach's. */
  let elsewhere: number;
  const bookingOn = new Map<number, number>();
  const slotOf: Record<'ownVenue' | 'otherVenue' | 'ownCoach' | 'otherCoach', number> = {
    ownVenue: 0,
    otherVenue: 0,
    ownCoach: 0,
    otherCoach: 0,
  };

  const at = (ms: number) => new Date(eb.clock.now().getTime() + ms);
  const ids = (list: Array<{ id: number }>) => list.map((item) => item.id).sort((a, b) => a - b);
  const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);
  const listed = async <T extends { id: number }>(url: string, key: string, person: Person) => {
    const res = await eb.get(url, person.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { total: body.total as number, ids: ids(body[key] as T[]) };
  };
  const events = (person: Person) => listed<Event>('/admin/events?limit=100', 'events', person);
  const bookings = (person: Person) => listed<AdminBooking>('/admin/bookings?limit=100', 'bookings', person);
  const slots = (person: Person) =>
    listed<AvailabilitySlot>('/admin/availability?limit=100', 'slots', person);
  const setStatus = (bookingId: number, status: string, person: Person) =>
    eb.patch(`/admin/bookings/${bookingId}/status`, { status }, person.token);
  const statusOf = async (bookingId: number) =>
    (await eb.pool.query('select status from bookings where id = $1', [bookingId])).rows[0]?.status;
  const addUser = async (eventId: number, person: Person) =>
    eb.post(`/admin/events/${eventId}/add-user`, { user_id: (await eb.person()).id }, person.token);
  const newSlot = (body: Record<string, unknown>, person: Person) =>
    eb.post('/admin/availability', { start_time: at(5 * DAY).toISOString(), ...body }, person.token);
  const slotCount = async () =>
    Number((await eb.pool.query('select count(*) from availability_slots')).rows[0].count);

  beforeAll(async () => {
    eb = await startEventsBookings();
    siteAdmin = await eb.person({ role: 'site_admin' });
    facility = await eb.person({ role: 'facility_admin' });
    otherFacility = await eb.person({ role: 'facility_admin' });
    coachAdmin = await eb.person({ role: 'coach_admin' });
    ownVenue = await eb.announcedVenue([facility.id]);
    otherVenue = await eb.announcedVenue([otherFacility.id]);
    ownCoach = await eb.announcedCoach(coachAdmin.id);
    otherCoach = await eb.announcedCoach(null);
    const official = (venueId: number, coachProfileId: number | null, days: number) =>
      eb.event({
        venueId,
        coachProfileId,
        eventType: OFFICIAL_EVENT_TYPE,
        creatorUserId: siteAdmin.id,
        startTime: at(days * DAY),
        endTime: at(days * DAY + 4 * HOUR),
      });
    atOwnVenue = (await official(ownVenue, null, 2)).id;
    withOwnCoach = (await official(otherVenue, ownCoach, 3)).id;
    elsewhere = (await official(otherVenue, otherCoach, 4)).id;
    for (const eventId of [atOwnVenue, withOwnCoach, elsewhere]) {
      const booker = await eb.person();
      const { rows } = await eb.pool.query(
        `insert into bookings (event_id, user_id, status) values ($1, $2, 'pending') returning id`,
        [eventId, booker.id],
      );
      bookingOn.set(eventId, rows[0].id);
    }
    const made = async (body: Record<string, unknown>) => {
      const res = await newSlot(body, siteAdmin);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    slotOf.ownVenue = await made({ venue_id: ownVenue });
    slotOf.otherVenue = await made({ venue_id: otherVenue });
    slotOf.ownCoach = await made({ coach_profile_id: ownCoach, venue_id: otherVenue });
    slotOf.otherCoach = await made({ coach_profile_id: otherCoach });
  });
  afterAll(() => eb?.close());

  it('when a facility admin lists events, bookings and slots, then only those of the venue they run come back', async () => {
    expect(await events(facility)).toEqual({ total: 1, ids: [atOwnVenue] });
    expect(await bookings(facility)).toEqual({ total: 1, ids: [bookingOn.get(atOwnVenue)!] });
    expect(await slots(facility)).toEqual({ total: 1, ids: [slotOf.ownVenue] });
    // A filter cannot reach past the scope.
    expect(await listed<Event>(`/admin/events?venue_id=${otherVenue}`, 'events', facility)).toEqual({
      total: 0,
      ids: [],
    });
    expect(await events(otherFacility)).toEqual({ total: 2, ids: sorted(withOwnCoach, elsewhere) });
  });

  it('when a facility admin changes a booking or adds a person, then only at their venue; another venue’s is 404 and stays as it was', async () => {
    const foreign = bookingOn.get(elsewhere)!;
    const refused = await setStatus(foreign, 'confirmed', facility);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('Booking not found');
    expect(await statusOf(foreign)).toBe('pending');
    const told = (await eb.published('events.booking.status-changed')).filter(
      (e) => (e.data as { booking_id: number }).booking_id === foreign,
    );
    expect(told).toHaveLength(0);
    const own = await setStatus(bookingOn.get(atOwnVenue)!, 'confirmed', facility);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().booking_status).toBe('confirmed');
    const added = await addUser(elsewhere, facility);
    expect(added.statusCode).toBe(404);
    expect(added.json().error).toBe('Event not found');
    expect((await addUser(atOwnVenue, facility)).statusCode).toBe(201);
  });

  it('when a facility admin offers or changes a slot, then it must be at a venue they run: 403 otherwise, another venue’s slot is 404', async () => {
    const before = await slotCount();
    const mine = await newSlot({ venue_id: ownVenue, start_time: at(6 * DAY).toISOString() }, facility);
    expect(mine.statusCode, mine.body).toBe(201);
    for (const body of [{}, { venue_id: otherVenue }]) {
      const refused = await newSlot(body, facility);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(AVAILABILITY_MESSAGES.venueNotManaged);
    }
    const batch = await eb.post(
      '/admin/availability/batch',
      {
        slots: [
          { start_time: at(7 * DAY).toISOString(), venue_id: ownVenue },
          { start_time: at(8 * DAY).toISOString(), venue_id: otherVenue },
        ],
      },
      facility.token,
    );
    expect(batch.statusCode).toBe(403);
    expect(await slotCount()).toBe(before + 1);
    const moved = await eb.put(
      `/admin/availability/${mine.json().id}`,
      { venue_id: otherVenue },
      facility.token,
    );
    expect(moved.statusCode).toBe(403);
    expect(moved.json().error).toBe(AVAILABILITY_MESSAGES.venueNotManaged);
    const edited = await eb.put(
      `/admin/availability/${mine.json().id}`,
      { status: 'booked' },
      facility.token,
    );
    expect(edited.json()).toMatchObject({ status: 'booked', venue_id: ownVenue });
    const foreign = slotOf.otherVenue;
    expect(
      (await eb.put(`/admin/availability/${foreign}`, { status: 'booked' }, facility.token)).statusCode,
    ).toBe(404);
    expect((await eb.delete(`/admin/availability/${foreign}`, facility.token)).statusCode).toBe(404);
    expect(await slotCount()).toBe(before + 1);
    expect((await eb.delete(`/admin/availability/${mine.json().id}`, facility.token)).statusCode).toBe(204);
  });

  it('when a coach admin lists and changes, then only their coach’s events, bookings and slots; others are 404', async () => {
    expect(await events(coachAdmin)).toEqual({ total: 1, ids: [withOwnCoach] });
    expect(await bookings(coachAdmin)).toEqual({ total: 1, ids: [bookingOn.get(withOwnCoach)!] });
    expect(await slots(coachAdmin)).toEqual({ total: 1, ids: [slotOf.ownCoach] });
    const foreign = bookingOn.get(elsewhere)!;
    expect((await setStatus(foreign, 'cancelled', coachAdmin)).statusCode).toBe(404);
    expect(await statusOf(foreign)).toBe('pending');
    expect((await setStatus(bookingOn.get(withOwnCoach)!, 'cancelled', coachAdmin)).statusCode).toBe(200);
    expect((await addUser(atOwnVenue, coachAdmin)).statusCode).toBe(404);
    expect((await addUser(withOwnCoach, coachAdmin)).statusCode).toBe(201);
    const other = slotOf.otherCoach;
    expect(
      (await eb.put(`/admin/availability/${other}`, { status: 'booked' }, coachAdmin.token)).statusCode,
    ).toBe(404);
    expect((await eb.delete(`/admin/availability/${other}`, coachAdmin.token)).statusCode).toBe(404);
  });

  it('when a coach admin offers a slot, then it is their coach’s (named or not); another coach’s is 403', async () => {
    const mine = await newSlot({ venue_id: otherVenue }, coachAdmin);
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({ coach_profile_id: ownCoach, venue_id: otherVenue });
    const refused = await newSlot({ coach_profile_id: otherCoach }, coachAdmin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(AVAILABILITY_MESSAGES.coachNotOwn);
    const handedOver = await eb.put(
      `/admin/availability/${mine.json().id}`,
      { coach_profile_id: otherCoach },
      coachAdmin.token,
    );
    expect(handedOver.statusCode).toBe(403);
    expect((await eb.delete(`/admin/availability/${mine.json().id}`, coachAdmin.token)).statusCode).toBe(204);
  });

  it('when a facility or coach admin edits, deletes or adds slot types to an event outside their part, then 403 and it stays; inside, it changes', async () => {
    for (const [person, id] of [
      [facility, elsewhere],
      [coachAdmin, elsewhere],
      [facility, withOwnCoach],
    ] as const) {
      expect((await eb.put(`/events/${id}`, { title: 'Taken over' }, person.token)).statusCode).toBe(403);
      expect((await eb.delete(`/events/${id}`, person.token)).statusCode).toBe(403);
      const added = await eb.post(
        `/events/${id}/ticket-types`,
        { ticket_types: [{ name: 'Sneaky' }] },
        person.token,
      );
      expect(added.statusCode).toBe(403);
    }
    const { rows } = await eb.pool.query('select title from events where id = $1', [elsewhere]);
    expect(rows[0].title).not.toBe('Taken over');
    const own = await eb.put(`/events/${atOwnVenue}`, { description: 'Run by the venue' }, facility.token);
    expect(own.statusCode, own.body).toBe(200);
    const coached = await eb.put(`/events/${withOwnCoach}`, { description: 'Coached' }, coachAdmin.token);
    expect(coached.statusCode, coached.body).toBe(200);
  });

  it('when a site admin lists, then every event, booking and slot comes back', async () => {
    expect((await events(siteAdmin)).ids).toEqual(sorted(atOwnVenue, withOwnCoach, elsewhere));
    expect((await bookings(siteAdmin)).ids).toEqual(expect.arrayContaining([...bookingOn.values()]));
    expect((await slots(siteAdmin)).ids).toEqual(expect.arrayContaining(Object.values(slotOf)));
    expect((await setStatus(bookingOn.get(elsewhere)!, 'confirmed', siteAdmin)).statusCode).toBe(200);
  });

  it('when venues-coaches says a venue’s admins changed, then the one let go sees nothing of it; a coach admin without a coach profile has nothing and may offer nothing', async () => {
    await eb.venueRunBy(ownVenue, 2, [otherFacility.id]);
    expect(await events(facility)).toEqual({ total: 0, ids: [] });
    expect(await bookings(facility)).toEqual({ total: 0, ids: [] });
    expect(await slots(facility)).toEqual({ total: 0, ids: [] });
    expect((await events(otherFacility)).ids).toEqual(sorted(atOwnVenue, withOwnCoach, elsewhere));
    const newcomer = await eb.person({ role: 'coach_admin' });
    expect(await events(newcomer)).toEqual({ total: 0, ids: [] });
    expect(await bookings(newcomer)).toEqual({ total: 0, ids: [] });
    const refused = await newSlot({}, newcomer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(ADMIN_COACH_MESSAGES.noCoachProfile);
  });
});
