import Type from 'typebox';
import {
  ADMIN_ROLE_LABELS,
  ADMIN_USER_SORTS,
  BAN_REASON_MAX_LENGTH,
  BULK_USER_ACTION_MAX,
  DASHBOARD_SCOPES,
  MEMBERSHIP_BADGES,
  MEMBERSHIP_TYPES,
  PAGE_SIZES,
  ROLES,
} from '../rules';
import { DateOnly, Id, Int, Nullable, NullableString, NullableTimestamp, Text, Timestamp } from '../schema';
import { Page } from './common';

/**
 * The admin service's HTTP contract (docs/architecture.md#who-owns-what): the user directory, the actions on
 * users, the export and the dashboard; and identity's internal commands it calls.
 */

const RoleLabel = Type.Enum(ADMIN_ROLE_LABELS);
const AccountRole = Type.Enum(ROLES);

// ── The user directory (docs/product.md#admin-sections User Management) ─────────────────────────
export const AdminUsersQuery = Type.Object({
  page: Page,
  limit: Int({ minimum: 1, maximum: 100, default: PAGE_SIZES.adminUsers }),
  /** Part of a name, e-mail or username. */
  search: Type.Optional(Text({ maxLength: 200 })),
  /** The spec's user / moderator / admin, or one of our roles exactly. */
  role: Type.Optional(Type.Union([RoleLabel, AccountRole])),
  sort_by: Type.Optional(Type.Enum(ADMIN_USER_SORTS)),
  sort_order: Type.Optional(Type.Enum(['asc', 'desc'])),
});
export type AdminUsersQuery = Type.Static<typeof AdminUsersQuery>;

/** The export takes the list's filters and order, without paging: every matching person. */
export const AdminUsersExportQuery = Type.Omit(AdminUsersQuery, ['page', 'limit']);
export type AdminUsersExportQuery = Type.Static<typeof AdminUsersExportQuery>;

export const AdminUser = Type.Object({
  id: Id,
  first_name: NullableString,
  last_name: NullableString,
  email: Type.String(),
  username: Type.String(),
  /** The spec's label (user, moderator, admin). */
  role: RoleLabel,
  /** Our role exactly (member, coach, coach_admin, facility_admin, site_admin, admin). */
  account_role: AccountRole,
  /** The badge: lifetime, premium, basic, otherwise free. */
  membership_type: Type.Enum(MEMBERSHIP_BADGES),
  membership_status: NullableString,
  membership_ends_at: NullableTimestamp,
  created_at: NullableTimestamp,
  last_login_at: NullableTimestamp,
  banned: Type.Boolean(),
  ban_reason: NullableString,
});
export type AdminUser = Type.Static<typeof AdminUser>;

export const AdminUsersReply = Type.Object({
  users: Type.Array(AdminUser),
  pagination: Type.Object({
    page: Int(),
    limit: Int(),
    total_pages: Int(),
    total_count: Int(),
  }),
  /** Among every matching person, not only this page. */
  banned_count: Int(),
});
export type AdminUsersReply = Type.Static<typeof AdminUsersReply>;

// ── Actions on one person ───────────────────────────────────────────────────
export const BanUserBody = Type.Object({
  reason: Type.Optional(Nullable(Text({ maxLength: BAN_REASON_MAX_LENGTH }))),
});
export type BanUserBody = Type.Static<typeof BanUserBody>;

export const ChangeRoleBody = Type.Object({ role: Type.Union([RoleLabel, AccountRole]) });
export type ChangeRoleBody = Type.Static<typeof ChangeRoleBody>;

const GrantFields = {
  membership_type: Type.Enum(MEMBERSHIP_TYPES),
  /** `N_unit` (days, weeks, months, years; N from 1 to 12), or `lifetime`. */
  duration: Type.Optional(Text({ maxLength: 40 })),
  /** Annual grants only: the day it ends (default: a year from now). */
  expiry_date: Type.Optional(DateOnly),
};
export const AdminGrantBody = Type.Object(GrantFields);
export type AdminGrantBody = Type.Static<typeof AdminGrantBody>;

export const SendUserEmailBody = Type.Object({
  subject: Text({ minLength: 1, maxLength: 200 }),
  message: Text({ minLength: 1, maxLength: 10_000 }),
});
export type SendUserEmailBody = Type.Static<typeof SendUserEmailBody>;

/** What an action on one person answers: what was done, and the person as the list now shows them. */
export const AdminUserActionReply = Type.Object({ message: Type.String(), user: Nullable(AdminUser) });
export type AdminUserActionReply = Type.Static<typeof AdminUserActionReply>;

// ── Bulk actions: each id answered on its own ───────────────────────────────
const UserIds = Type.Array(Id, { minItems: 1, maxItems: BULK_USER_ACTION_MAX });
export const BulkBanBody = Type.Object({
  user_ids: UserIds,
  reason: Type.Optional(Nullable(Text({ maxLength: BAN_REASON_MAX_LENGTH }))),
});
export type BulkBanBody = Type.Static<typeof BulkBanBody>;
export const BulkGrantBody = Type.Object({ user_ids: UserIds, ...GrantFields });
export type BulkGrantBody = Type.Static<typeof BulkGrantBody>;

export const BulkOutcome = Type.Object({
  user_id: Id,
  ok: Type.Boolean(),
  /** Why this one was not done. */
  error: Type.Optional(Type.String()),
});
export const BulkActionReply = Type.Object({
  message: Type.String(),
  succeeded: Int(),
  failed: Int(),
  results: Type.Array(BulkOutcome),
});
export type BulkActionReply = Type.Static<typeof BulkActionReply>;

// ── identity's internal commands (the admin service asks; never routed publicly) ──
/** Who asks: identity refuses what would leave the platform without an admin, or act on oneself. */
const Actor = { actor_user_id: Id };
export const InternalBanBody = Type.Object({
  ...Actor,
  reason: Nullable(Text({ maxLength: BAN_REASON_MAX_LENGTH })),
});
export type InternalBanBody = Type.Static<typeof InternalBanBody>;
export const InternalActorBody = Type.Object(Actor);
export type InternalActorBody = Type.Static<typeof InternalActorBody>;
export const InternalRoleBody = Type.Object({
  ...Actor,
  role: AccountRole,
  /** The asking admin's role: when given, identity applies the rule of role changes under its lock. */
  actor_role: Type.Optional(AccountRole),
});
export type InternalRoleBody = Type.Static<typeof InternalRoleBody>;
export const InternalEmailBody = Type.Object({ ...Actor, ...SendUserEmailBody.properties });
export type InternalEmailBody = Type.Static<typeof InternalEmailBody>;

/** The person as identity now holds them: what the admin directory applies at once. */
export const InternalUserReply = Type.Object({
  user_id: Id,
  username: Type.String(),
  email: Type.String(),
  first_name: NullableString,
  last_name: NullableString,
  role: AccountRole,
  banned: Type.Boolean(),
  ban_reason: NullableString,
  created_at: Timestamp,
  last_login_at: NullableTimestamp,
  version: Int({ minimum: 1 }),
});
export type InternalUserReply = Type.Static<typeof InternalUserReply>;

// ── The dashboard (/admin): figures worth a look, per role ──────────────────
/** The dashboard's months are Australia/Sydney's (where the platform's golfers are). */
export const DASHBOARD_TIME_ZONE = 'Australia/Sydney';
/** How many months (this one included) the by-month figures cover. */
export const DASHBOARD_MONTHS = 12;
/**
 * The members' chart's statuses: payments' own, with 'unpaid' counted as past due (payment retries
 * used up) and 'incomplete' (or none at all) as none: never paid for.
 */
export const DASHBOARD_MEMBER_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'none'] as const;
export type DashboardMemberStatus = (typeof DASHBOARD_MEMBER_STATUSES)[number];
/** Revenue is AUD: payments in another currency are not added in. */
export const DASHBOARD_CURRENCY = 'AUD';

/** A month in the dashboard's time zone: `YYYY-MM`. */
const MonthKey = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' });
/** A sum of cents, which may outgrow a single row's `integer`. */
const CentsTotal = Type.Integer({ minimum: 0, description: 'Cents' });
const StatusCount = Type.Object({ status: Type.String(), count: Int({ minimum: 0 }) });

/** Events starting this month, or bookings made this month, and how many of each status. */
export const DashboardActivity = Type.Object({
  total: Int({ minimum: 0 }),
  /** Every known status (zero when none), then any other status seen. */
  by_status: Type.Array(StatusCount),
});
export type DashboardActivity = Type.Static<typeof DashboardActivity>;

export const DashboardMembers = Type.Object({
  totals: Type.Object({ users: Int({ minimum: 0 }), banned: Int({ minimum: 0 }) }),
  /** Every account by its membership's status, in DASHBOARD_MEMBER_STATUSES' order. */
  by_status: Type.Array(
    Type.Object({ status: Type.Enum(DASHBOARD_MEMBER_STATUSES), count: Int({ minimum: 0 }) }),
  ),
  /** Accounts created each month, oldest first, DASHBOARD_MONTHS of them (this one last). */
  signups_by_month: Type.Array(Type.Object({ month: MonthKey, count: Int({ minimum: 0 }) })),
});
export type DashboardMembers = Type.Static<typeof DashboardMembers>;

export const DashboardRevenue = Type.Object({
  currency: Type.Literal(DASHBOARD_CURRENCY),
  /** Succeeded payments taken this month, in cents (refunds not taken off). */
  this_month: CentsTotal,
  /** Refunds made this month, in cents, whenever the payment was taken. */
  refunded_this_month: CentsTotal,
  /** Taken less refunded this month: below zero when refunds of earlier payments outweigh it. */
  net_this_month: Type.Integer({ description: 'Cents' }),
  /** Taken (`amount`) and refunded each month, oldest first, DASHBOARD_MONTHS of them (this one last). */
  by_month: Type.Array(Type.Object({ month: MonthKey, amount: CentsTotal, refunded: CentsTotal })),
});
export type DashboardRevenue = Type.Static<typeof DashboardRevenue>;

/**
 * `GET /admin/dashboard`. Every admin role gets this month's events and bookings; only admin and
 * site_admin get the members' and revenue figures (absent for venue and coach admins).
 */
export const AdminDashboardReply = Type.Object({
  /** What the events' and bookings' figures cover: the platform, the caller's venues or coaching. */
  scope: Type.Enum(DASHBOARD_SCOPES),
  /** This month in the dashboard's time zone. */
  month: MonthKey,
  time_zone: Type.Literal(DASHBOARD_TIME_ZONE),
  events_this_month: DashboardActivity,
  bookings_this_month: DashboardActivity,
  members: Type.Optional(DashboardMembers),
  revenue: Type.Optional(DashboardRevenue),
});
export type AdminDashboardReply = Type.Static<typeof AdminDashboardReply>;
