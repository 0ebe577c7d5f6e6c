import {
  type AdminBooking,
  EVENT_MESSAGES,
  type Event,
  OFFICIAL_EVENT_TYPE,
  REFUND_MESSAGES,
} from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantCount } from './counts';
import { type EventsBookingsUnderTest, type Person, startEventsBookings } from './fixtures';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('events-bookings: the admin area’s events, bookings and official events', () => {
  let eb: EventsBookingsUnderTest;
  let siteAdmin: Person;
  let coachAdmin: Person;
  let member: Person;
  let venueId: number;
  const at = (ms: number) => new Date(eb.clock.now().getTime() + ms);
  /** An event's start this far from now, and its end four hours later. */
  const times = (ms: number) => ({ startTime: at(ms), endTime: at(ms + 4 * HOUR) });
  const day = (ms: number) => at(ms).toISOString().slice(0, 10);
  const ids = (list: Array<{ id: number }>) => list.map((item) => item.id);
  const list = async <T>(url: string, key: string) => {
    const res = await eb.get(url, siteAdmin.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { total: body.total as number, items: body[key] as T[] };
  };
  const setStatus = (id: number, status: string, token = siteAdmin.token) =>
    eb.patch(`/admin/bookings/${id}/status`, { status }, token);
  const statusChanges = async (bookingId: number) =>
    (await eb.published('events.booking.status-changed')).filter(
      (e) => (e.data as { booking_id: number }).booking_id === bookingId,
    );
  const seatFor = async (eventId: number, person: Person) => {
    const res = await eb.post(`/admin/events/${eventId}/add-user`, { user_id: person.id }, siteAdmin.token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().booking.id as number;
  };

  beforeAll(async () => {
    eb = await startEventsBookings();
    siteAdmin = await eb.person({ role: 'site_admin', username: 'siteadmin' });
    coachAdmin = await eb.person({ role: 'coach_admin', username: 'coachpat' });
    member = await eb.person();
    venueId = await eb.venue({ name: 'Official Greens' });
    await eb.pool.query(
      `insert into coaches (id, user_id, first_name, last_name, version) values (7, $1, 'Pat', 'Coach', 1)`,
      [coachAdmin.id],
    );
  });
  afterAll(() => eb?.close());

  it('when an admin lists events, then past, cancelled and future ones come newest first with the spec’s fields, deleted ones never', async () => {
    const venueId = await eb.venue({ name: 'Royal Admin', city: 'Melbourne' });
    const past = await eb.event({ venueId, title: 'Past Medley', startTime: at(-5 * DAY), endTime: null });
    const cancelled = await eb.event({
      venueId,
      title: 'Rained Off',
      status: 'cancelled',
      ...times(DAY),
    });
    const official = await eb.event({
      venueId,
      title: 'Club Championship',
      eventType: OFFICIAL_EVENT_TYPE,
      creatorUserId: siteAdmin.id,
      coachProfileId: 7,
      pricePerParticipant: 2500,
      capacity: 20,
      ...times(2 * DAY),
    });
    await eb.event({ venueId, title: 'Gone', deletedAt: at(0), ...times(3 * DAY) });
    await seatFor(official.id, member);
    const body = await list<Event>(`/admin/events?venue_id=${venueId}`, 'events');
    expect(body.total).toBe(3);
    expect(ids(body.items)).toEqual([official.id, cancelled.id, past.id]);
    expect(body.items[0]).toMatchObject({
      title: 'Club Championship',
      event_type: OFFICIAL_EVENT_TYPE,
      status: 'open',
      venue_id: venueId,
      venue_name: 'Royal Admin',
      venue_city: 'Melbourne',
      creator_username: 'siteadmin',
      creator_first_name: 'Test',
      coach_profile_id: 7,
      coach_first_name: 'Pat',
      coach_last_name: 'Coach',
      coach_username: 'coachpat',
      price_per_participant: 2500,
      currency: 'AUD',
      current_participant_count: 1,
      capacity: 20,
    });
  });

  it('when an admin filters events, then type, venue, coach, status, search, dates and pages narrow the list and its total', async () => {
    const venueId = await eb.venue({ name: 'Filter Downs' });
    const base = 400 * DAY;
    const game = await eb.event({ venueId, title: 'Fourball Friday', ...times(base + DAY) });
    const open = await eb.event({
      venueId,
      title: 'Links Open',
      eventType: OFFICIAL_EVENT_TYPE,
      coachProfileId: 7,
      ...times(base + 2 * DAY),
    });
    const late = await eb.event({
      venueId,
      title: 'Late Nine',
      status: 'cancelled',
      ...times(base + 9 * DAY),
    });
    const of = async (query: string) => ids((await list<Event>(`/admin/events?${query}`, 'events')).items);
    expect(await of(`venue_id=${venueId}&event_type=${OFFICIAL_EVENT_TYPE}`)).toEqual([open.id]);
    expect(await of(`venue_id=${venueId}&coach_id=7`)).toEqual([open.id]);
    expect(await of(`venue_id=${venueId}&status=cancelled`)).toEqual([late.id]);
    expect(await of('search=fourball%20fri')).toEqual([game.id]);
    expect(await of('search=filter%20downs')).toEqual([late.id, open.id, game.id]);
    expect(await of('search=100%25')).toEqual([]);
    // A range reads in start order; day bounds include the whole end day.
    expect(await of(`start_date=${day(base)}&end_date=${day(base + 2 * DAY)}`)).toEqual([game.id, open.id]);
    const instant = open.startTime.toISOString();
    expect(await of(`start_date=${instant}&end_date=${day(base + 30 * DAY)}`)).toEqual([open.id, late.id]);
    const page = await list<Event>(`/admin/events?venue_id=${venueId}&limit=1&offset=1`, 'events');
    expect({ total: page.total, ids: ids(page.items) }).toEqual({ total: 3, ids: [open.id] });
    expect((await eb.get('/admin/events?limit=101', siteAdmin.token)).statusCode).toBe(400);
  });

  it('when an admin lists bookings, then each has its event, booker, venue, coach and payment, filtered by the event’s start and status', async () => {
    const venueId = await eb.venue({ name: 'Booking Park' });
    const base = 800 * DAY;
    const early = await eb.event({
      venueId,
      title: 'Early Tee',
      eventType: OFFICIAL_EVENT_TYPE,
      coachProfileId: 7,
      capacity: 5,
      ...times(base + DAY),
    });
    const later = await eb.event({
      venueId,
      title: 'Later Tee',
      eventType: OFFICIAL_EVENT_TYPE,
      ...times(base + 5 * DAY),
    });
    const kim = await eb.person({ username: 'kim' });
    const lou = await eb.person({ username: 'lou' });
    const unpaid = await seatFor(early.id, kim);
    await eb.pool.query(
      `insert into bookings (event_id, user_id, status, notes, amount_paid, currency, payment_intent_id)
       values ($1, $2, 'confirmed', 'Paid by card', 5500, 'AUD', 'pi_admin_list')`,
      [later.id, lou.id],
    );
    const range = `start_date=${day(base)}&end_date=${day(base + 10 * DAY)}`;
    const body = await list<AdminBooking>(`/admin/bookings?${range}&limit=100`, 'bookings');
    expect(body.total).toBe(2);
    expect(body.items.map((b) => b.event_title)).toEqual(['Early Tee', 'Later Tee']);
    expect(body.items[0]).toMatchObject({
      id: unpaid,
      booking_status: 'confirmed',
      event_id: early.id,
      event_start_time: early.startTime.toISOString(),
      event_end_time: early.endTime?.toISOString(),
      user_id: kim.id,
      user_username: 'kim',
      user_email: 'kim@example.com',
      payment_intent_id_stripe: null,
      venue_name: 'Booking Park',
      coach_username: 'coachpat',
      updated_at: expect.any(String),
    });
    expect(body.items[1]).toMatchObject({
      user_username: 'lou',
      notes: 'Paid by card',
      payment_intent_id_stripe: 'pi_admin_list',
      amount_paid: 5500,
      coach_username: null,
    });
    const cancelled = await list<AdminBooking>(`/admin/bookings?${range}&status=cancelled`, 'bookings');
    expect(cancelled.total).toBe(0);
    const page = await list<AdminBooking>(`/admin/bookings?${range}&limit=1&offset=1`, 'bookings');
    expect({ total: page.total, titles: page.items.map((b) => b.event_title) }).toEqual({
      total: 2,
      titles: ['Later Tee'],
    });
    // Without a range the newest event comes first; the spec's page size is the default.
    const all = await list<AdminBooking>('/admin/bookings', 'bookings');
    expect(all.items.length).toBeLessThanOrEqual(6);
    expect(all.items[0]?.event_title).toBe('Later Tee');
  });

  it('when an admin cancels a confirmed booking of a full event, then the seat is freed and the next in line gets it; the change is published once', async () => {
    const event = await eb.event({ eventType: OFFICIAL_EVENT_TYPE, capacity: 1 });
    const holder = await eb.person();
    const next = await eb.person();
    const bookingId = await seatFor(event.id, holder);
    expect((await eb.post(`/events/${event.id}/waitlist`, {}, next.token)).statusCode).toBe(201);
    const res = await setStatus(bookingId, 'cancelled');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: bookingId, booking_status: 'cancelled', user_id: holder.id });
    const changes = await statusChanges(bookingId);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.data).toMatchObject({
      status: 'cancelled',
      previous_status: 'confirmed',
      user_id: holder.id,
      event_id: event.id,
    });
    const promoted = await eb.pool.query('select status from bookings where event_id = $1 and user_id = $2', [
      event.id,
      next.id,
    ]);
    expect(promoted.rows[0]?.status).toBe('confirmed');
    expect(await participantCount(eb, event.id)).toBe(1);
    // The same status again is answered as it is, and tells no one.
    const again = await setStatus(bookingId, 'cancelled');
    expect(again.statusCode).toBe(200);
    expect(again.json().booking_status).toBe('cancelled');
    expect(await statusChanges(bookingId)).toHaveLength(1);
  });

  it('when an admin confirms a booking, then it takes a seat; none free is 409, an unknown booking 404, an unknown status 400', async () => {
    const event = await eb.event({ eventType: OFFICIAL_EVENT_TYPE, capacity: 1 });
    const [ana, ben] = [await eb.person(), await eb.person()];
    const anaBooking = await seatFor(event.id, ana);
    expect((await setStatus(anaBooking, 'completed')).json().booking_status).toBe('completed');
    expect(await participantCount(eb, event.id)).toBe(0);
    expect((await setStatus(anaBooking, 'confirmed')).json().booking_status).toBe('confirmed');
    expect(await participantCount(eb, event.id)).toBe(1);
    const { rows } = await eb.pool.query(
      `insert into bookings (event_id, user_id, status) values ($1, $2, 'pending') returning id`,
      [event.id, ben.id],
    );
    const full = await setStatus(rows[0].id, 'confirmed');
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe(EVENT_MESSAGES.eventFull);
    expect(await statusChanges(rows[0].id)).toHaveLength(0);
    expect((await setStatus(999_999, 'confirmed')).statusCode).toBe(404);
    expect((await setStatus(anaBooking, 'rejected')).statusCode).toBe(400);
    expect((await eb.patch(`/admin/bookings/${anaBooking}/status`, {}, siteAdmin.token)).statusCode).toBe(
      400,
    );
  });

  it('when an admin cancels a booking paid by card and payments cannot refund it, then 502 refund_failed and the booking, hold and seat stay as they were', async () => {
    const event = await eb.event({ eventType: OFFICIAL_EVENT_TYPE, capacity: 3, pricePerParticipant: 5000 });
    const payer = await eb.person();
    const { rows } = await eb.pool.query(
      `insert into bookings (event_id, user_id, status, amount_paid, currency, payment_intent_id)
       values ($1, $2, 'confirmed', 5500, 'AUD', 'pi_admin_cancel') returning id`,
      [event.id, payer.id],
    );
    await eb.pool.query(
      `insert into seat_holds (event_id, user_id, seats, items, subtotal, gst_amount, total, currency,
         payment_intent_id, status, expires_at, booking_id)
       values ($1, $2, 1, '[]', 5000, 500, 5500, 'AUD', 'pi_admin_cancel', 'confirmed', now(), $3)`,
      [event.id, payer.id, rows[0].id],
    );
    await eb.pool.query('update events set participant_count = 1 where id = $1', [event.id]);
    // No payments service answers here: the refund is asked first, so nothing is cancelled.
    // (The refund itself, through payments and the simulator: tools/test/event-payments-refunds.test.ts.)
    const res = await setStatus(rows[0].id, 'cancelled');
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toMatchObject({ error: REFUND_MESSAGES.refundFailed, code: 'refund_failed' });
    const booking = await eb.pool.query('select status, amount_refunded from bookings where id = $1', [
      rows[0].id,
    ]);
    expect(booking.rows[0]).toEqual({ status: 'confirmed', amount_refunded: null });
    const hold = await eb.pool.query(
      `select status from seat_holds where payment_intent_id = 'pi_admin_cancel'`,
    );
    expect(hold.rows[0]?.status).toBe('confirmed');
    expect(await participantCount(eb, event.id)).toBe(1);
  });

  const official = (overrides: Record<string, unknown> = {}) => ({
    title: 'LinksMate Invitational',
    description: 'Eighteen holes, shotgun start',
    venue_id: venueId,
    start_time: at(10 * DAY).toISOString(),
    end_time: at(10 * DAY + 5 * HOUR).toISOString(),
    coach_profile_id: 7,
    ticket_types: [
      {
        name: 'Standard Admission',
        description: 'Green fee',
        price_per_ticket: 6000,
        currency: 'AUD',
        is_active: true,
      },
      { name: 'Spectator', price_per_ticket: 0, currency: 'USD', is_active: false },
    ],
    ...overrides,
  });

  it('when an admin creates an official event with its slot types in one call, then both are stored and the creation published', async () => {
    const res = await eb.post('/events/linksmate', official(), siteAdmin.token);
    expect(res.statusCode, res.body).toBe(201);
    const { event, ticket_types } = res.json();
    expect(event).toMatchObject({
      event_type: OFFICIAL_EVENT_TYPE,
      capacity: 10,
      coach_profile_id: 7,
      venue_id: venueId,
    });
    expect(ticket_types).toEqual([
      expect.objectContaining({
        name: 'Standard Admission',
        price_per_ticket: 6000,
        currency: 'AUD',
        is_active: true,
      }),
      expect.objectContaining({ name: 'Spectator', price_per_ticket: 0, currency: 'USD', is_active: false }),
    ]);
    const created = (await eb.published('events.event.created')).filter(
      (e) => (e.data as { event_id: number }).event_id === event.id,
    );
    expect(created).toHaveLength(1);
    const listed = await list<Event>(`/admin/events?search=invitational`, 'events');
    expect(ids(listed.items)).toEqual([event.id]);
  });

  it('when an official event breaks a rule, then each field gets the spec’s message', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const res = await eb.post('/events/linksmate', body, siteAdmin.token);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors;
    };
    expect(await refused({ title: ' ', ticket_types: [] })).toEqual({
      title: 'Event title is required',
      venue_id: 'Please select a venue',
      start_time: 'Start time is required',
      ticket_types: 'At least one slot type is required',
    });
    expect(
      await refused(
        official({
          end_time: at(9 * DAY).toISOString(),
          capacity: 0,
          ticket_types: [{ name: '', price_per_ticket: -1 }],
        }),
      ),
    ).toEqual({
      end_time: 'End time must be after start time',
      capacity: 'Event capacity must be at least 1',
      'ticket_types.0.name': 'Slot type name is required',
      'ticket_types.0.price_per_ticket': 'Price cannot be negative',
    });
    expect(await refused(official({ capacity: 101 }))).toEqual({
      capacity: EVENT_MESSAGES.officialCapacityMax,
    });
  });

  it('when a member or nobody calls the admin routes, then 403 or 401; the create-event section is the site admins’', async () => {
    const calls = [
      (token?: string) => eb.get('/admin/events', token),
      (token?: string) => eb.get('/admin/bookings', token),
      (token?: string) => eb.patch('/admin/bookings/1/status', { status: 'confirmed' }, token),
      (token?: string) => eb.post('/events/linksmate', official(), token),
    ];
    for (const call of calls) {
      expect((await call(member.token)).statusCode).toBe(403);
      expect((await call()).statusCode).toBe(401);
    }
    expect((await eb.get('/admin/events', coachAdmin.token)).statusCode).toBe(200);
    expect((await eb.get('/admin/bookings', coachAdmin.token)).statusCode).toBe(200);
    expect((await eb.post('/events/linksmate', official(), coachAdmin.token)).statusCode).toBe(403);
    const admin = await eb.person({ role: 'admin' });
    expect((await eb.post('/events/linksmate', official(), admin.token)).statusCode).toBe(201);
  });
});
