import type { Clock } from '@linksmate/platform';
import {
  type AccessTokenClaims,
  type AdminDashboardReply,
  type AdminScope,
  BOOKING_STATUSES,
  type BookingConfirmed,
  type CoachCreated,
  type CoachDeleted,
  DASHBOARD_CURRENCY,
  DASHBOARD_MEMBER_STATUSES,
  DASHBOARD_MONTHS,
  DASHBOARD_TIME_ZONE,
  type DashboardActivity,
  type DashboardMemberStatus,
  type DashboardMembers,
  type DashboardRevenue,
  dashboardScope,
  EVENT_STATUSES,
  type EventCreated,
  type EventData,
  type EventDeleted,
  isSiteAdminRole,
  type JoinRequestSubmitted,
  resolveAdminScope,
  type TransactionRecorded,
  type VenueCreated,
  type VenueDeleted,
} from '@linksmate/proto';
import type { Db } from '../../db/types';
import type { Directory } from '../directory/service';
import { lastMonths } from './months';
import {
  applyBooking,
  coachIdOfUser,
  countBookingsByStatus,
  countEventsByStatus,
  insertRevenue,
  markCoachFactDeleted,
  markEventDeleted,
  markVenueFactDeleted,
  type Span,
  sumRevenueByMonth,
  upsertCoachFact,
  upsertEvent,
  upsertVenueFact,
  venueIdsRunBy,
} from './repository';

interface DashboardDeps {
  db: Db;
  directory: Directory;
  clock: Clock;
}

/**
 * What counts as a payment taken. The provider reports one payment several times (the charge, the
 * intent, and for a membership the invoice twice); every payment, one-off or membership, has exactly
 * one intent, so its success is the one counted.
 */
const PAYMENT_TYPES = ['payment_intent.succeeded'] as const;
/**
 * What counts as money given back: each refund as the provider made it, of its own amount
 * (`charge.refunded` says the charge's running total, so adding those up would count a part twice).
 */
const REFUND_TYPES = ['refund.created'] as const;
const keptTypes: readonly string[] = [...PAYMENT_TYPES, ...REFUND_TYPES];

/** payments' statuses, in the members' chart's (api/admin.ts DASHBOARD_MEMBER_STATUSES). */
function memberStatus(status: string | null): DashboardMemberStatus {
  if (status === 'active' || status === 'trialing' || status === 'past_due' || status === 'canceled')
    return status;
  if (status === 'unpaid') return 'past_due';
  return 'none';
}

/** Every known status in its order (zero when none), then any other seen, and their total. */
function activity(
  known: readonly string[],
  counts: Array<{ status: string; count: number }>,
): DashboardActivity {
  const by = new Map(counts.map((c) => [c.status, c.count]));
  const others = counts.filter((c) => !known.includes(c.status)).map((c) => c.status);
  return {
    total: counts.reduce((sum, c) => sum + c.count, 0),
    by_status: [...known, ...others].map((status) => ({ status, count: by.get(status) ?? 0 })),
  };
}

/**
 * The dashboard (docs/product.md#admin-sections "/admin"; docs/architecture.md#who-owns-what: dashboard figures): kept from payments'
 * transactions and events-bookings' events and bookings, beside the user directory; read per role.
 */
export class Dashboard {
  constructor(private readonly deps: DashboardDeps) {}

  /** A payment taken or a refund made is kept (once); nothing else moves money. */
  async transactionRecorded(tx: Db, data: EventData<typeof TransactionRecorded>): Promise<void> {
    if (!keptTypes.includes(data.type)) return;
    if ((PAYMENT_TYPES as readonly string[]).includes(data.type) && data.status !== 'succeeded') return;
    await insertRevenue(tx, {
      transactionId: data.transaction_id,
      type: data.type,
      amount: data.amount,
      currency: data.currency,
      occurredAt: new Date(data.created_at),
    });
  }

  async eventChanged(tx: Db, event: EventData<typeof EventCreated>): Promise<void> {
    await upsertEvent(tx, {
      eventId: event.event_id,
      status: event.status,
      startTime: new Date(event.start_time),
      venueId: event.venue_id,
      coachProfileId: event.coach_profile_id,
      version: event.version,
    });
  }

  async eventDeleted(tx: Db, data: EventData<typeof EventDeleted>): Promise<void> {
    await markEventDeleted(tx, data.event_id, data.version);
  }

  async bookingChanged(tx: Db, booking: EventData<typeof BookingConfirmed>): Promise<void> {
    await this.applyBooking(tx, booking, booking.status);
  }

  /** A join request is its game's booking: pending, then confirmed or rejected. */
  async joinRequestChanged(
    tx: Db,
    request: EventData<typeof JoinRequestSubmitted>,
    status: string,
  ): Promise<void> {
    await this.applyBooking(tx, { ...request, booking_id: request.request_id }, status);
  }

  private async applyBooking(
    tx: Db,
    facts: { booking_id: number; event_id: number; occurred_at: string; booked_at?: string },
    status: string,
  ): Promise<void> {
    const at = new Date(facts.occurred_at);
    await applyBooking(tx, {
      bookingId: facts.booking_id,
      eventId: facts.event_id,
      status,
      // Events from before `booked_at` was sent: the earliest one heard of stands for it.
      createdAt: facts.booked_at ? new Date(facts.booked_at) : at,
      bookedAtKnown: facts.booked_at !== undefined,
      changedAt: at,
    });
  }

  /** Who runs a venue (its snapshot's `admin_user_ids`): what a facility admin's figures cover. */
  async venueChanged(tx: Db, venue: EventData<typeof VenueCreated>): Promise<void> {
    await upsertVenueFact(tx, {
      venueId: venue.venue_id,
      adminUserIds: venue.admin_user_ids ?? [],
      version: venue.version,
    });
  }

  async venueDeleted(tx: Db, data: EventData<typeof VenueDeleted>): Promise<void> {
    await markVenueFactDeleted(tx, data.venue_id, data.version);
  }

  /** Whose a coach profile is: what a coach admin's figures cover. */
  async coachChanged(tx: Db, coach: EventData<typeof CoachCreated>): Promise<void> {
    await upsertCoachFact(tx, { coachId: coach.coach_id, userId: coach.user_id, version: coach.version });
  }

  async coachDeleted(tx: Db, data: EventData<typeof CoachDeleted>): Promise<void> {
    await markCoachFactDeleted(tx, data.coach_id, data.version);
  }

  /**
   * What of the events and bookings the caller's figures cover (spec 3): site admins the platform,
   * a facility admin the venues they run, a coach admin their own coaching.
   */
  scopeOf(claims: Pick<AccessTokenClaims, 'user_id' | 'role'>): Promise<AdminScope> {
    return resolveAdminScope(claims, {
      coachIdOfUser: (userId) => coachIdOfUser(this.deps.db, userId),
      venueIdsRunBy: (userId) => venueIdsRunBy(this.deps.db, userId),
    });
  }

  /**
   * The figures the caller may see: this month's events and bookings in their scope for every admin;
   * the members' and revenue figures for site admins only (admin, site_admin).
   */
  async figures(claims: Pick<AccessTokenClaims, 'user_id' | 'role'>): Promise<AdminDashboardReply> {
    const months = lastMonths(this.deps.clock(), DASHBOARD_MONTHS, DASHBOARD_TIME_ZONE);
    const thisMonth: Span = { since: months.currentStart, until: months.until };
    const twelveMonths: Span = { since: months.since, until: months.until };
    const scope = await this.scopeOf(claims);
    const [events, bookings] = await Promise.all([
      countEventsByStatus(this.deps.db, thisMonth, scope),
      countBookingsByStatus(this.deps.db, thisMonth, scope),
    ]);
    const reply: AdminDashboardReply = {
      scope: dashboardScope(scope),
      month: months.current,
      time_zone: DASHBOARD_TIME_ZONE,
      events_this_month: activity(EVENT_STATUSES, events),
      bookings_this_month: activity(BOOKING_STATUSES, bookings),
    };
    if (!isSiteAdminRole(claims.role)) return reply;
    const [members, revenue] = await Promise.all([
      this.members(months.keys, twelveMonths),
      this.revenue(months.keys, twelveMonths),
    ]);
    return { ...reply, members, revenue };
  }

  private async members(keys: string[], span: Span): Promise<DashboardMembers> {
    const [counts, joined] = await Promise.all([
      this.deps.directory.membershipCounts(),
      this.deps.directory.joinedByMonth(span.since, span.until, DASHBOARD_TIME_ZONE),
    ]);
    const byStatus = new Map<DashboardMemberStatus, number>();
    for (const { status, count } of counts.byStatus) {
      const bucket = memberStatus(status);
      byStatus.set(bucket, (byStatus.get(bucket) ?? 0) + count);
    }
    const joinedBy = new Map(joined.map((j) => [j.month, j.count]));
    return {
      totals: { users: counts.total, banned: counts.banned },
      by_status: DASHBOARD_MEMBER_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
      signups_by_month: keys.map((month) => ({ month, count: joinedBy.get(month) ?? 0 })),
    };
  }

  private async revenue(keys: string[], span: Span): Promise<DashboardRevenue> {
    const sumOf = (types: readonly string[]) =>
      sumRevenueByMonth(this.deps.db, span, DASHBOARD_TIME_ZONE, { types, currency: DASHBOARD_CURRENCY });
    const [taken, refunded] = await Promise.all([sumOf(PAYMENT_TYPES), sumOf(REFUND_TYPES)]);
    const takenBy = new Map(taken.map((s) => [s.month, s.amount]));
    const refundedBy = new Map(refunded.map((s) => [s.month, s.amount]));
    const byMonth = keys.map((month) => ({
      month,
      amount: takenBy.get(month) ?? 0,
      refunded: refundedBy.get(month) ?? 0,
    }));
    const current = byMonth.at(-1)!;
    return {
      currency: DASHBOARD_CURRENCY,
      this_month: current.amount,
      refunded_this_month: current.refunded,
      net_this_month: current.amount - current.refunded,
      by_month: byMonth,
    };
  }
}
