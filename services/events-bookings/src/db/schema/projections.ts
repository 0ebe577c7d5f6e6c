import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at } from './columns';

// ── Projections of other contexts (upserts guarded by the source's version) ──
/** People as events-bookings shows and gates them (identity.user.*). */
export const users = pgTable('users', {
  id: integer('id').primaryKey(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  profileImageUrl: text('profile_image_url'),
  role: text('role').notNull(),
  manualHandicap: doublePrecision('manual_handicap'),
  skillLevel: text('skill_level'),
  /** Deleted or banned people keep their past bookings but can no longer join. */
  deleted: boolean('deleted').notNull().default(false),
  banned: boolean('banned').notNull().default(false),
  /** Whether others may find them (a hidden or unverified person is nobody's playing partner). */
  profileVisible: boolean('profile_visible').notNull().default(true),
  emailVerified: boolean('email_verified').notNull().default(true),
  version: integer('version').notNull(),
});

/**
 * Who blocked whom (identity.user.blocked / unblocked): neither may name the other as a playing
 * partner. The latest of block and unblock wins; an older event never undoes a newer one.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerUserId: integer('blocker_user_id').notNull(),
    blockedUserId: integer('blocked_user_id').notNull(),
    changedAt: at('changed_at').notNull(),
    active: boolean('active').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerUserId, t.blockedUserId] }),
    index('blocks_blocked_idx').on(t.blockedUserId, t.blockerUserId),
  ],
);

/**
 * Venues as events show them (venues.venue.*); `listed` = active and reviewed. `admin_user_ids` are
 * the facility admins who run the venue: what their admin area is limited to.
 */
export const venues = pgTable(
  'venues',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    listed: boolean('listed').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    adminUserIds: integer('admin_user_ids').array().notNull().default(sql`'{}'`),
    version: integer('version').notNull(),
  },
  (t) => [index('venues_admin_user_ids_idx').using('gin', t.adminUserIds)],
);

/**
 * Coaches as events show them (venues.coach.*); their username comes from `users` by user_id, whose
 * account is also the coach admin running the coach's business.
 */
export const coaches = pgTable(
  'coaches',
  {
    id: integer('id').primaryKey(),
    userId: integer('user_id'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    deleted: boolean('deleted').notNull().default(false),
    version: integer('version').notNull(),
  },
  (t) => [index('coaches_user_idx').on(t.userId)],
);
