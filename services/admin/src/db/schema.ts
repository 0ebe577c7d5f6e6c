import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** The admin database: this service's tables only. */
export { inbox, outbox } from '@linksmate/platform';

/**
 * The user directory: each person as identity and payments last said (their events), with what an
 * admin action just changed applied at once. Versions keep an older event from rolling it back.
 */
export const directoryUsers = pgTable(
  'directory_users',
  {
    id: integer('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    role: text('role').notNull(),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    membershipType: text('membership_type'),
    membershipStatus: text('membership_status'),
    membershipEndsAt: timestamp('membership_ends_at', { withTimezone: true }),
    /** identity's aggregate version of the person, and payments' of their membership (0: none yet). */
    userVersion: integer('user_version').notNull(),
    membershipVersion: integer('membership_version').notNull().default(0),
    /** Deleted by identity: kept without their details, so an older event cannot bring them back. */
    deleted: boolean('deleted').notNull().default(false),
    /** What the search box matches: names, e-mail and username, lower-cased. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email || ' ' || username)`,
    ),
  },
  (t) => [
    // The list's three orders (over people not deleted), each ending in the id so pages and the export's keyset are stable.
    index('directory_users_created_idx').on(t.createdAt, t.id).where(sql`not ${t.deleted}`),
    index('directory_users_email_idx').on(t.email, t.id).where(sql`not ${t.deleted}`),
    index('directory_users_role_idx').on(t.role, t.id).where(sql`not ${t.deleted}`),
    // Any part of a name, e-mail or username: trigrams find it without reading every person.
    index('directory_users_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(sql`not ${t.deleted}`),
  ],
);

/**
 * How many people the directory holds, by role and ban: kept by triggers on `directory_users` (see
 * the migration), so the list's totals need no count over every person.
 */
export const directoryCounts = pgTable(
  'directory_counts',
  {
    role: text('role').notNull(),
    banned: boolean('banned').notNull(),
    people: integer('people').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.role, t.banned] })],
);

/** Every admin action: who did what to whom, when, and how it ended. Kept when the person is deleted. */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').notNull(),
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** 'done', or 'refused' with the reason in details.error. */
    outcome: text('outcome').notNull(),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_entries_target_idx').on(t.targetUserId, t.createdAt),
    index('audit_entries_created_idx').on(t.createdAt),
  ],
);

/**
 * Payments taken (the dashboard's revenue): each succeeded transaction payments recorded, once.
 * Transactions do not change after they are recorded, so the first copy heard is the one kept.
 */
export const revenueEntries = pgTable(
  'revenue_entries',
  {
    transactionId: integer('transaction_id').primaryKey(),
    /** The provider event's type: which kinds count as a payment is the dashboard's to say. */
    type: text('type').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revenue_entries_occurred_idx').on(t.occurredAt)],
);

/** Events as events-bookings last said (the dashboard's events): only what the figures need. */
export const eventFacts = pgTable(
  'event_facts',
  {
    eventId: integer('event_id').primaryKey(),
    /** Unknown (null) only while a deletion is all that was heard of the event. */
    status: text('status'),
    startTime: timestamp('start_time', { withTimezone: true }),
    venueId: integer('venue_id'),
    coachProfileId: integer('coach_profile_id'),
    deleted: boolean('deleted').notNull().default(false),
    /** events-bookings' aggregate version: an older snapshot never replaces a newer one. */
    version: integer('version').notNull(),
  },
  (t) => [index('event_facts_start_idx').on(t.startTime).where(sql`not ${t.deleted}`)],
);

/** Bookings as events-bookings last said (the dashboard's bookings). */
export const bookingFacts = pgTable(
  'booking_facts',
  {
    bookingId: integer('booking_id').primaryKey(),
    eventId: integer('event_id').notNull(),
    status: text('status').notNull(),
    /** When the booking was first heard of (its earliest event): the month it counts in. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the status kept was set: a later change wins, whatever order the events arrive in. */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('booking_facts_created_idx').on(t.createdAt)],
);

/**
 * Who runs each venue, as venues-coaches last said (its venue snapshots' `admin_user_ids`): what a
 * facility admin's dashboard covers.
 */
export const venueFacts = pgTable(
  'venue_facts',
  {
    venueId: integer('venue_id').primaryKey(),
    adminUserIds: integer('admin_user_ids').array().notNull().default(sql`'{}'::integer[]`),
    deleted: boolean('deleted').notNull().default(false),
    /** venues-coaches' aggregate version: an older snapshot never replaces a newer one. */
    version: integer('version').notNull(),
  },
  (t) => [index('venue_facts_admins_idx').using('gin', t.adminUserIds)],
);

/** Whose each coach profile is, as venues-coaches last said: what a coach admin's dashboard covers. */
export const coachFacts = pgTable(
  'coach_facts',
  {
    coachId: integer('coach_id').primaryKey(),
    userId: integer('user_id'),
    deleted: boolean('deleted').notNull().default(false),
    version: integer('version').notNull(),
  },
  (t) => [index('coach_facts_user_idx').on(t.userId).where(sql`not ${t.deleted}`)],
);
