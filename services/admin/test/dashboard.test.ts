import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminUnderTest, startAdmin } from './fixtures';

/** 15 March 2026, 1 pm in Sydney (AEDT, UTC+11): the dashboard's "this month" is 2026-03. */
const NOW = Date.parse('2026-03-15T02:00:00.000Z');
/** Midnight on 1 March in Sydney is still 28 February in UTC. */
const MARCH_1_SYDNEY = '2026-02-28T13:30:00.000Z';
const FEBRUARY_28_SYDNEY = '2026-02-28T12:00:00.000Z';

const TWELVE_MONTHS = [
  '2025-04',
  '2025-05',
  '2025-06',
  '2025-07',
  '2025-08',
  '2025-09',
  '2025-10',
  '2025-11',
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
];

let nextTransaction = 1;
const transaction = (fields: {
  amount: number;
  at: string;
  type?: string;
  status?: string;
  currency?: string;
}) => ({
  transaction_id: nextTransaction++,
  type: fields.type ?? 'payment_intent.succeeded',
  status: fields.status ?? 'succeeded',
  amount: fields.amount,
  currency: fields.currency ?? 'aud',
  user_id: null,
  user_email: null,
  description: 'Card payment',
  stripe_event_id: `evt_${nextTransaction}`,
  created_at: fields.at,
});

const event = (
  id: number,
  fields: { start: string; status?: string; version?: number; venue?: number; coach?: number | null },
) => ({
  event_id: id,
  title: `Event ${id}`,
  event_type: 'member_game',
  status: fields.status ?? 'open',
  start_time: fields.start,
  end_time: null,
  venue_id: fields.venue ?? 7,
  creator_user_id: 1,
  coach_profile_id: fields.coach ?? null,
  capacity: 4,
  current_participant_count: 0,
  price_per_participant: 0,
  currency: 'aud',
  version: fields.version ?? 1,
});

const booking = (id: number, fields: { status: string; at: string; eventId?: number }) => ({
  booking_id: id,
  event_id: fields.eventId ?? 1,
  event_title: 'Event',
  user_id: 2000 + id,
  seats: 1,
  status: fields.status,
  previous_status: null,
  occurred_at: fields.at,
});

const venue = (id: number, admins: number[], version = 1) => ({
  venue_id: id,
  name: `Venue ${id}`,
  slug: null,
  address: null,
  city: 'Sydney',
  state: 'NSW',
  lat: null,
  lng: null,
  is_active: true,
  is_verified: true,
  admin_user_ids: admins,
  version,
});

const coach = (id: number, userId: number | null, version = 1) => ({
  coach_id: id,
  user_id: userId,
  first_name: 'Priya',
  last_name: 'Raman',
  email: null,
  profile_image_url: null,
  venue_id: null,
  is_verified: true,
  version,
});

const countOf = (list: Array<{ status: string; count: number }>, status: string) =>
  list.find((s) => s.status === status)?.count;

describe('admin: the dashboard (GET /admin/dashboard)', () => {
  let admin: AdminUnderTest;
  let adminToken: string;

  beforeAll(async () => {
    admin = await startAdmin();
    admin.service.clock.advance(NOW - Date.now());
    adminToken = await admin.token('admin', 1);
  });

  afterAll(() => admin?.close());

  const figures = async (token = adminToken) => {
    const res = await admin.request('GET', '/admin/dashboard', token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const pay = (data: ReturnType<typeof transaction>) =>
    admin.deliver('payments.transaction.recorded', data, 'membership-payments');
  const eventSaid = (type: string, data: Record<string, unknown>) =>
    admin.deliver(`events.event.${type}`, data, 'events-bookings');
  const bookingSaid = (type: string, data: Record<string, unknown>) =>
    admin.deliver(`events.booking.${type}`, data, 'events-bookings');

  it('when nothing has happened yet, then every figure is there and zero, this month last', async () => {
    const empty = await figures();
    expect(empty).toMatchObject({ month: '2026-03', time_zone: 'Australia/Sydney' });
    expect(empty.events_this_month.total).toBe(0);
    expect(empty.events_this_month.by_status.map((s: { status: string }) => s.status)).toEqual([
      'open',
      'active',
      'cancelled',
      'completed',
    ]);
    expect(empty.bookings_this_month.total).toBe(0);
    expect(empty.revenue.by_month.map((m: { month: string }) => m.month)).toEqual(TWELVE_MONTHS);
    expect(empty.revenue).toMatchObject({ currency: 'AUD', this_month: 0 });
    expect(empty.members.signups_by_month.map((m: { month: string }) => m.month)).toEqual(TWELVE_MONTHS);
  });

  it('when people, payments, events and bookings are heard of, then a site admin gets their figures, by month in Sydney', async () => {
    await admin.person({ created_at: MARCH_1_SYDNEY, membership: { type: 'monthly', status: 'active' } });
    await admin.person({
      created_at: '2026-03-10T00:00:00.000Z',
      membership: { type: 'annual', status: 'trialing' },
    });
    await admin.person({
      created_at: FEBRUARY_28_SYDNEY,
      membership: { type: 'monthly', status: 'past_due' },
    });
    await admin.person({
      created_at: '2025-06-01T00:00:00.000Z',
      membership: { type: 'monthly', status: 'unpaid' },
    });
    await admin.person({
      created_at: '2025-06-02T00:00:00.000Z',
      membership: { type: 'annual', status: 'canceled' },
    });
    await admin.person({ created_at: '2024-01-01T00:00:00.000Z', banned: true });

    await pay(transaction({ amount: 5000, at: '2026-03-05T00:00:00.000Z' }));
    await pay(transaction({ amount: 2500, at: MARCH_1_SYDNEY }));
    await pay(transaction({ amount: 3000, at: FEBRUARY_28_SYDNEY }));
    await pay(transaction({ amount: 4000, at: '2025-03-10T00:00:00.000Z' })); // before the twelve months
    // Not money taken: the same payment's other reports, a failure, another currency.
    await pay(transaction({ amount: 5000, at: '2026-03-05T00:00:00.000Z', type: 'invoice.paid' }));
    await pay(transaction({ amount: 5000, at: '2026-03-05T00:00:00.000Z', type: 'charge.succeeded' }));
    await pay(transaction({ amount: 9900, at: '2026-03-06T00:00:00.000Z', status: 'failed' }));
    await pay(transaction({ amount: 1000, at: '2026-03-06T00:00:00.000Z', currency: 'usd' }));

    await eventSaid('created', event(1, { start: '2026-03-20T08:00:00.000Z' }));
    await eventSaid('created', event(2, { start: MARCH_1_SYDNEY }));
    await eventSaid('cancelled', event(2, { start: MARCH_1_SYDNEY, status: 'cancelled', version: 2 }));
    await eventSaid('created', event(3, { start: '2026-04-02T08:00:00.000Z' })); // next month
    await eventSaid('created', event(4, { start: '2026-03-21T08:00:00.000Z' }));
    await eventSaid('deleted', { event_id: 4, version: 2 });
    // Heard late: an older snapshot does not undo the newer one.
    await eventSaid('updated', event(5, { start: '2026-03-22T08:00:00.000Z', status: 'active', version: 2 }));
    await eventSaid('created', event(5, { start: '2026-03-22T08:00:00.000Z', version: 1 }));

    await bookingSaid('confirmed', booking(1, { status: 'confirmed', at: '2026-03-02T00:00:00.000Z' }));
    await bookingSaid('confirmed', booking(2, { status: 'confirmed', at: '2026-03-03T00:00:00.000Z' }));
    await bookingSaid('cancelled', booking(2, { status: 'cancelled', at: '2026-03-04T00:00:00.000Z' }));
    // The cancellation heard before the booking it cancels.
    await bookingSaid('cancelled', booking(3, { status: 'cancelled', at: '2026-03-06T00:00:00.000Z' }));
    await bookingSaid('confirmed', booking(3, { status: 'confirmed', at: '2026-03-05T00:00:00.000Z' }));
    await bookingSaid('confirmed', booking(4, { status: 'confirmed', at: FEBRUARY_28_SYDNEY })); // last month

    const seen = await figures();
    expect(seen.members.totals).toEqual({ users: 6, banned: 1 });
    expect(seen.members.by_status).toEqual([
      { status: 'active', count: 1 },
      { status: 'trialing', count: 1 },
      { status: 'past_due', count: 2 },
      { status: 'canceled', count: 1 },
      { status: 'none', count: 1 },
    ]);
    const signups = Object.fromEntries(
      seen.members.signups_by_month.map((m: { month: string; count: number }) => [m.month, m.count]),
    );
    expect(signups).toMatchObject({ '2025-06': 2, '2026-02': 1, '2026-03': 2, '2026-01': 0 });

    const revenue = Object.fromEntries(
      seen.revenue.by_month.map((m: { month: string; amount: number }) => [m.month, m.amount]),
    );
    expect(revenue).toMatchObject({ '2026-03': 7500, '2026-02': 3000, '2025-04': 0 });
    expect(seen.revenue.this_month).toBe(7500);

    expect(seen.events_this_month.total).toBe(3);
    expect(countOf(seen.events_this_month.by_status, 'open')).toBe(1);
    expect(countOf(seen.events_this_month.by_status, 'cancelled')).toBe(1);
    expect(countOf(seen.events_this_month.by_status, 'active')).toBe(1);

    expect(seen.bookings_this_month.total).toBe(3);
    expect(countOf(seen.bookings_this_month.by_status, 'confirmed')).toBe(1);
    expect(countOf(seen.bookings_this_month.by_status, 'cancelled')).toBe(2);
  });

  it('when the same payment, event or booking is heard twice, then it counts once', async () => {
    const before = await figures();
    const payment = transaction({ amount: 1234, at: '2026-03-08T00:00:00.000Z' });
    const game = event(10, { start: '2026-03-25T08:00:00.000Z' });
    const seat = booking(10, { status: 'confirmed', at: '2026-03-08T00:00:00.000Z', eventId: 10 });
    for (let i = 0; i < 2; i++) {
      await pay(payment);
      await eventSaid('created', game);
      await bookingSaid('confirmed', seat);
    }
    const after = await figures();
    expect(after.revenue.this_month - before.revenue.this_month).toBe(1234);
    expect(after.events_this_month.total - before.events_this_month.total).toBe(1);
    expect(after.bookings_this_month.total - before.bookings_this_month.total).toBe(1);
  });

  it('when join requests are made and decided, a cancelled booking is made again and an event with bookings is deleted, then the bookings count as events-bookings holds them', async () => {
    const before = await figures();
    const joinSaid = (type: string, id: number, at: string, eventId = 20) =>
      admin.deliver(
        `events.join-request.${type}`,
        {
          request_id: id,
          event_id: eventId,
          event_title: 'Midweek Nine',
          user_id: 3000 + id,
          creator_user_id: 1,
          notes: null,
          occurred_at: at,
          booked_at: '2026-03-09T00:00:00.000Z',
        },
        'events-bookings',
      );
    await eventSaid('created', event(20, { start: '2026-03-25T08:00:00.000Z' }));
    await joinSaid('submitted', 20, '2026-03-09T00:00:00.000Z'); // still waiting: pending
    await joinSaid('submitted', 21, '2026-03-09T00:00:00.000Z');
    await joinSaid('rejected', 21, '2026-03-10T00:00:00.000Z');
    await joinSaid('submitted', 22, '2026-03-09T00:00:00.000Z');
    await joinSaid('approved', 22, '2026-03-10T00:00:00.000Z');
    await bookingSaid('confirmed', {
      ...booking(22, { status: 'confirmed', at: '2026-03-10T00:00:00.000Z', eventId: 20 }),
      previous_status: 'pending',
    });
    // Booked in February, cancelled, booked again in March: a booking made this month.
    const again = (status: string, at: string, bookedAt: string) => ({
      ...booking(24, { status, at, eventId: 20 }),
      booked_at: bookedAt,
    });
    await bookingSaid('confirmed', again('confirmed', FEBRUARY_28_SYDNEY, FEBRUARY_28_SYDNEY));
    await bookingSaid('cancelled', again('cancelled', '2026-03-02T00:00:00.000Z', FEBRUARY_28_SYDNEY));
    await bookingSaid(
      'confirmed',
      again('confirmed', '2026-03-11T00:00:00.000Z', '2026-03-11T00:00:00.000Z'),
    );
    // An event deleted with its booking: the cancellation its deletion made counts nowhere.
    await eventSaid('created', event(21, { start: '2026-03-26T08:00:00.000Z' }));
    await bookingSaid(
      'confirmed',
      booking(23, { status: 'confirmed', at: '2026-03-09T00:00:00.000Z', eventId: 21 }),
    );
    await bookingSaid(
      'cancelled',
      booking(23, { status: 'cancelled', at: '2026-03-12T00:00:00.000Z', eventId: 21 }),
    );
    await eventSaid('deleted', { event_id: 21, version: 2 });

    const after = await figures();
    const grew = (status: string) =>
      countOf(after.bookings_this_month.by_status, status)! -
      countOf(before.bookings_this_month.by_status, status)!;
    expect(grew('pending')).toBe(1);
    expect(grew('rejected')).toBe(1);
    expect(grew('confirmed')).toBe(2);
    expect(grew('cancelled')).toBe(0);
    expect(after.bookings_this_month.total - before.bookings_this_month.total).toBe(4);
  });

  it('when refunds are made this month, then revenue shows what was taken, what was refunded and the net', async () => {
    const before = (await figures()).revenue;
    await pay(transaction({ amount: 8000, at: '2026-03-12T00:00:00.000Z' }));
    // One refund of part of it, as the provider reports it twice: the refund, and the charge's total.
    await pay(
      transaction({
        amount: 3000,
        at: '2026-03-13T00:00:00.000Z',
        type: 'refund.created',
        status: 'processed',
      }),
    );
    await pay(
      transaction({
        amount: 3000,
        at: '2026-03-13T00:00:00.000Z',
        type: 'charge.refunded',
        status: 'processed',
      }),
    );
    // A refund last month counts in last month.
    await pay(
      transaction({ amount: 500, at: FEBRUARY_28_SYDNEY, type: 'refund.created', status: 'processed' }),
    );

    const after = (await figures()).revenue;
    expect(after.this_month - before.this_month).toBe(8000);
    expect(after.refunded_this_month - before.refunded_this_month).toBe(3000);
    expect(after.net_this_month).toBe(after.this_month - after.refunded_this_month);
    expect(after.net_this_month - before.net_this_month).toBe(5000);
    const february = (r: typeof after) =>
      r.by_month.find((m: { month: string }) => m.month === '2026-02') as { refunded: number };
    expect(february(after).refunded - february(before).refunded).toBe(500);
  });

  it('when a facility admin asks, then only this month’s events and bookings at the venues they run come back', async () => {
    const manager = 70;
    const venueSaid = (type: string, data: Record<string, unknown>) =>
      admin.deliver(`venues.venue.${type}`, data, 'venues-coaches');
    const theirs = async () => figures(await admin.token('facility_admin', manager));

    const before = await theirs();
    expect(before.scope).toBe('venues');
    expect(before.events_this_month.total).toBe(0);
    expect(before).not.toHaveProperty('members');
    expect(before).not.toHaveProperty('revenue');

    await venueSaid('created', venue(100, [manager]));
    await venueSaid('created', venue(101, [71, manager]));
    await venueSaid('created', venue(102, [71]));
    await eventSaid('created', event(100, { start: '2026-03-18T08:00:00.000Z', venue: 100 }));
    await eventSaid('created', event(101, { start: '2026-03-19T08:00:00.000Z', venue: 101 }));
    await eventSaid('created', event(102, { start: '2026-03-19T08:00:00.000Z', venue: 102 }));
    await bookingSaid(
      'confirmed',
      booking(100, { status: 'confirmed', at: '2026-03-09T00:00:00.000Z', eventId: 100 }),
    );
    await bookingSaid(
      'confirmed',
      booking(101, { status: 'confirmed', at: '2026-03-09T00:00:00.000Z', eventId: 102 }),
    );

    const seen = await theirs();
    expect(seen.events_this_month.total).toBe(2);
    expect(seen.bookings_this_month.total).toBe(1);
    const site = await figures();
    expect(site.scope).toBe('platform');
    expect(site.events_this_month.total).toBeGreaterThan(seen.events_this_month.total);

    // Taken off venue 101 (a newer snapshot), then venue 100 deleted: nothing of theirs is left.
    await venueSaid('updated', venue(101, [71], 2));
    await venueSaid('updated', venue(101, [71, manager], 1)); // heard late: changes nothing
    await venueSaid('deleted', { venue_id: 100, version: 2 });
    const after = await theirs();
    expect(after.events_this_month.total).toBe(0);
    expect(after.bookings_this_month.total).toBe(0);
  });

  it('when a coach admin asks, then only this month’s events and bookings of their own coaching come back', async () => {
    const coachUser = 80;
    const coachSaid = (type: string, data: Record<string, unknown>) =>
      admin.deliver(`venues.coach.${type}`, data, 'venues-coaches');
    const theirs = async () => figures(await admin.token('coach_admin', coachUser));

    expect((await theirs()).events_this_month.total).toBe(0);
    await coachSaid('created', coach(200, coachUser));
    await coachSaid('created', coach(201, 81));
    await eventSaid('created', event(200, { start: '2026-03-23T08:00:00.000Z', coach: 200 }));
    await eventSaid('created', event(201, { start: '2026-03-23T08:00:00.000Z', coach: 201 }));
    await bookingSaid(
      'confirmed',
      booking(200, { status: 'pending', at: '2026-03-10T00:00:00.000Z', eventId: 200 }),
    );

    const seen = await theirs();
    expect(seen.scope).toBe('coaching');
    expect(seen.events_this_month.total).toBe(1);
    expect(countOf(seen.bookings_this_month.by_status, 'pending')).toBe(1);
    expect(seen).not.toHaveProperty('revenue');

    await coachSaid('deleted', { coach_id: 200, version: 2 });
    expect((await theirs()).events_this_month.total).toBe(0);
    expect(await figures(await admin.token('site_admin', 51))).toHaveProperty('revenue');
  });

  it('when called without a token or by a member or coach, then 401 or 403', async () => {
    expect((await admin.request('GET', '/admin/dashboard')).statusCode).toBe(401);
    for (const role of ['member', 'coach'] as const) {
      const res = await admin.request('GET', '/admin/dashboard', await admin.token(role, 60));
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('revenue');
    }
  });
});
