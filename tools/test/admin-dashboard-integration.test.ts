import * as admin from '@linksmate/admin';
import { createLocalVerifier, type HttpApp } from '@linksmate/platform';
import { eventually } from '@linksmate/platform/testing';
import { type AdminDashboardReply, DASHBOARD_TIME_ZONE, PRODUCT_SLUG } from '@linksmate/proto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventPaymentsStackForSuite } from './fixtures/event-payments';

const HOUR = 3_600_000;

/**
 * The dashboard against the services that own its figures: a scripted history played through
 * events-bookings and payments (on the Stripe simulator), heard by admin over the real RabbitMQ,
 * and every figure compared with what the owning service itself holds.
 */
describe('admin dashboard over RabbitMQ: every figure agrees with the owning service', () => {
  const stack = eventPaymentsStackForSuite({ HOLD_SWEEP_INTERVAL_MS: '200' });
  let adminApp: HttpApp;
  let siteAdminToken: string;

  beforeAll(async () => {
    const verifier = createLocalVerifier(stack.auth.signer.jwks());
    adminApp = await stack.services.start(
      'admin',
      admin.migrationsFolder,
      (env, bus) => admin.buildApp(admin.loadAdminConfig(env), { bus, verifier }),
      {
        SERVICE_TOKEN: 'dashboard-integration',
        IDENTITY_URL: 'http://127.0.0.1:9',
        PAYMENTS_URL: 'http://127.0.0.1:9',
      },
    );
    siteAdminToken = await stack.auth.tokenFor(1, 'admin', { ttlSeconds: 86_400 });
  }, 60_000);

  const call = async (method: string, url: string, token: string, payload?: object) => {
    const res = await stack.eventsApp.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.statusCode === 204 ? undefined : res.json();
  };

  const memberGame = async (creatorToken: string, title: string, startsIn: number) =>
    (
      await call('POST', '/member-games', creatorToken, {
        title,
        venue_id: 1,
        start_time: new Date(Date.now() + startsIn).toISOString(),
        capacity: 4,
        price_per_participant: 0,
      })
    ).id as number;

  async function dashboard(): Promise<AdminDashboardReply> {
    const res = await adminApp.inject({
      method: 'GET',
      url: '/admin/dashboard',
      headers: { authorization: `Bearer ${siteAdminToken}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** A status count list as a map, leaving out the zeros the dashboard lists for every known status. */
  const byStatus = (rows: Array<{ status: string; count: number }>) =>
    Object.fromEntries(rows.filter((r) => r.count > 0).map((r) => [r.status, r.count]));

  /** What events-bookings holds for the month: events starting in it, bookings made in it (not of deleted events). */
  async function eventsBookingsCounts(month: string) {
    const inMonth = (column: string) =>
      `to_char(${column} at time zone '${DASHBOARD_TIME_ZONE}', 'YYYY-MM') = $1`;
    const events = await stack.query<{ status: string; count: number }>(
      'events-bookings',
      `select status, count(*)::int as count from events
        where deleted_at is null and ${inMonth('start_time')} group by status`,
      [month],
    );
    const bookings = await stack.query<{ status: string; count: number }>(
      'events-bookings',
      `select b.status, count(*)::int as count from bookings b join events e on e.id = b.event_id
        where e.deleted_at is null and ${inMonth('b.booked_at')} group by b.status`,
      [month],
    );
    return { events: byStatus(events.rows), bookings: byStatus(bookings.rows) };
  }

  /** What payments recorded for the month: AUD payment intents that succeeded, and refunds made. */
  async function paymentsSums(month: string) {
    const sum = async (condition: string) =>
      Number(
        (
          await stack.query<{ total: string }>(
            'membership-payments',
            `select coalesce(sum(amount), 0)::bigint as total from transactions
              where ${condition} and upper(currency) = 'AUD'
                and to_char(created_at at time zone '${DASHBOARD_TIME_ZONE}', 'YYYY-MM') = $1`,
            [month],
          )
        ).rows[0]!.total,
      );
    return {
      taken: await sum(`type = 'payment_intent.succeeded' and status = 'succeeded'`),
      refunded: await sum(`type = 'refund.created'`),
    };
  }

  it('when requests, approvals, rejections, cancels, a status change, a deleted event and a refund have happened, then every dashboard figure equals the owning service’s own count', async () => {
    const creator = await stack.member();
    const waiting = await stack.member();
    const approved = await stack.member();
    const rejected = await stack.member();
    const deletedGuest = await stack.member();
    const payer = await stack.member();
    const refunded = await stack.member();

    // A member game: one request left waiting, one approved (then marked completed by an admin), one rejected.
    const game = await memberGame(creator.token, 'Saturday Stableford', 3 * HOUR);
    await call('POST', `/events/${game}/join`, waiting.token, {});
    const toApprove = (await call('POST', `/events/${game}/join`, approved.token, {})).booking.id;
    const toReject = (await call('POST', `/events/${game}/join`, rejected.token, {})).booking.id;
    await call('PUT', `/member-games/${game}/join-requests/${toApprove}/approve`, creator.token);
    await call('PUT', `/member-games/${game}/join-requests/${toReject}/reject`, creator.token);
    await call('PATCH', `/admin/bookings/${toApprove}/status`, siteAdminToken, { status: 'completed' });

    // A game with an approved guest, then deleted: its bookings are cancelled and stop counting.
    const doomed = await memberGame(creator.token, 'Twilight Nine', 4 * HOUR);
    const guest = (await call('POST', `/events/${doomed}/join`, deletedGuest.token, {})).booking.id;
    await call('PUT', `/member-games/${doomed}/join-requests/${guest}/approve`, creator.token);
    await call('DELETE', `/events/${doomed}`, creator.token);

    // An official paid event: two seats paid by card, one cancelled and refunded in full.
    const official = await call('POST', `/events/${PRODUCT_SLUG}`, siteAdminToken, {
      title: 'Club Championship',
      venue_id: 1,
      start_time: new Date(Date.now() + 3 * 24 * HOUR).toISOString(),
      capacity: 10,
      ticket_types: [{ name: 'Member', price_per_ticket: 2000 }],
    });
    const officialId = official.event.id as number;
    const slot = official.ticket_types[0].id as number;
    const paidBooking = async (token: string) => {
      const intent = await call('POST', '/events/slot-payment-intent', token, {
        event_id: officialId,
        slot_selections: [{ ticket_type_id: slot, quantity: 1 }],
        total_amount: 2200,
      });
      expect((await stack.payCard(intent.client_secret)).ok).toBe(true);
      const confirmed = await call('POST', '/events/confirm-slot-payment', token, {
        paymentIntentId: intent.payment_intent_id,
        eventId: officialId,
      });
      return confirmed.booking.id as number;
    };
    await paidBooking(payer.token);
    const refundedBooking = await paidBooking(refunded.token);
    await call('POST', `/bookings/${refundedBooking}/cancel`, refunded.token);

    // The history reached its owners: pending, rejected, cancelled, refunded all present.
    let month = '';
    await eventually(async () => {
      const figures = await dashboard();
      month = figures.month;
      const owned = await eventsBookingsCounts(month);
      const money = await paymentsSums(month);
      expect(owned.bookings).toMatchObject({ pending: 1, rejected: 1, completed: 1 });
      expect(money.refunded).toBe(2200);
      expect(byStatus(figures.bookings_this_month.by_status)).toEqual(owned.bookings);
      expect(figures.bookings_this_month.total).toBe(
        Object.values(owned.bookings).reduce((sum, n) => sum + n, 0),
      );
      expect(byStatus(figures.events_this_month.by_status)).toEqual(owned.events);
      expect(figures.events_this_month.total).toBe(
        Object.values(owned.events).reduce((sum, n) => sum + n, 0),
      );
      expect(figures.revenue).toMatchObject({
        this_month: money.taken,
        refunded_this_month: money.refunded,
        net_this_month: money.taken - money.refunded,
      });
      expect(figures.revenue!.by_month.at(-1)).toEqual({
        month,
        amount: money.taken,
        refunded: money.refunded,
      });
    }, 30_000);
    expect(month).toMatch(/^\d{4}-\d{2}$/);
  }, 120_000);
});
