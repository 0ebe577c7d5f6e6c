import { ADMIN_ROLES, isSiteAdminRole, type Role, SITE_ADMIN_ROLES } from './roles';

/** The admin area (spec 3): its sections, who may use each, and the texts of its screens. */

export const ADMIN_SECTIONS = [
  'dashboard',
  'venues',
  'coaches',
  'coach-venues',
  'profile-claims',
  'availability',
  'bookings',
  'events',
  'create-event',
  'announcements',
  'transactions',
  'users',
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

const VENUE_ADMINS = ['admin', 'site_admin', 'facility_admin'] as const satisfies readonly Role[];
const COACHING_ADMINS = ['admin', 'site_admin', 'coach_admin'] as const satisfies readonly Role[];
/** Coach venues: a coach manages the venues of their own profile there (spec 3 "My Coaching Venues"). */
const COACH_VENUE_ROLES = [...COACHING_ADMINS, 'coach'] as const satisfies readonly Role[];

/**
 * Who may use each section: the table of docs/product.md#admin-sections (facility_admin without coaches, coach venues,
 * claims, official events, announcements, transactions and users; coach_admin with the dashboard,
 * coach venues, availability, bookings and events only; a coach their own coach venues, spec 3
 * "Coaches and coach admins see only 'My Coaching Venues'"). The menu hides what this refuses, and
 * every admin route declares its roles from here, so the server refuses the same.
 */
export const ADMIN_SECTION_ROLES: Record<AdminSection, readonly Role[]> = {
  dashboard: ADMIN_ROLES,
  venues: VENUE_ADMINS,
  coaches: SITE_ADMIN_ROLES,
  'coach-venues': COACH_VENUE_ROLES,
  'profile-claims': SITE_ADMIN_ROLES,
  availability: ADMIN_ROLES,
  bookings: ADMIN_ROLES,
  events: ADMIN_ROLES,
  'create-event': SITE_ADMIN_ROLES,
  announcements: SITE_ADMIN_ROLES,
  transactions: SITE_ADMIN_ROLES,
  users: SITE_ADMIN_ROLES,
};

export function mayUseAdminSection(role: string | null | undefined, section: AdminSection): boolean {
  return !!role && (ADMIN_SECTION_ROLES[section] as readonly string[]).includes(role);
}

/** Whether any section of the admin area is the role's: who gets past its door (else 'Access Denied'). */
export function mayEnterAdminArea(role: string | null | undefined): boolean {
  return ADMIN_SECTIONS.some((section) => mayUseAdminSection(role, section));
}

/** The sidebar's subtitle by role (docs/product.md#admin-sections). */
export function adminSubtitle(role: string | null | undefined): string {
  if (role === 'facility_admin') return 'Venue Management';
  if (role === 'coach_admin' || role === 'coach') return 'My Coaching Business';
  return 'Site Management';
}

/**
 * Where a role lands on `/admin` (docs/product.md#admin-sections: a coach_admin goes to bookings; a coach to the one
 * section they have, their coaching venues).
 */
export function adminLandingSection(role: string | null | undefined): AdminSection {
  if (role === 'coach_admin') return 'bookings';
  if (role === 'coach') return 'coach-venues';
  return 'dashboard';
}

/**
 * The badge the user list shows for a membership (docs/product.md#admin-sections): Lifetime, Premium, Basic, otherwise
 * Free. A paid plan (monthly, annual) counts as Premium; a lapsed membership as Free.
 */
export const MEMBERSHIP_BADGES = ['lifetime', 'premium', 'basic', 'free'] as const;
export type MembershipBadge = (typeof MEMBERSHIP_BADGES)[number];
export function membershipBadge(
  type: string | null | undefined,
  status: string | null | undefined,
): MembershipBadge {
  if (status !== 'active' && status !== 'trialing') return 'free';
  if (type === 'lifetime') return 'lifetime';
  if (type === 'basic') return 'basic';
  return type ? 'premium' : 'free';
}

/** The user list's sortable columns (docs/product.md#admin-sections) and its default order. */
export const ADMIN_USER_SORTS = ['email', 'role', 'created_at'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export const ADMIN_USER_DEFAULT_SORT = { sort_by: 'created_at', sort_order: 'desc' } as const;

/** The columns of the user export, in order (docs/product.md#admin-entities "CSV export row"). */
export const USER_EXPORT_COLUMNS = [
  'id',
  'email',
  'firstName',
  'lastName',
  'username',
  'role',
  'membershipType',
  'membershipStatus',
  'createdAt',
  'lastLogin',
  'banned',
] as const;
export const userExportFileName = (day: string) => `users-export-${day}.csv`;

/** How many people one bulk action may name. */
export const BULK_USER_ACTION_MAX = 500;
/** The longest reason a ban keeps (docs/product.md#admin-validation: the reason is optional). */
export const BAN_REASON_MAX_LENGTH = 500;

/** The admin area's texts (docs/product.md#admin-sections, #admin-validation, #admin-errors). */
export const ADMIN_MESSAGES = {
  checkingAccess: 'Checking access...',
  accessDenied: 'Access Denied',
  adminPrivilegesRequired: 'Admin privileges required to access this page',
  noPermission: 'You do not have permission to access this page.',
  noToken: 'No authentication token found',
  usersLoading: 'Loading users...',
  noUsers: 'No users found',
  emailSent: 'Email sent successfully!',
  passwordResetSent: 'Password reset email sent successfully!',
  searchUsersPlaceholder: 'Search users by name, email, or username',
  /** Ours: the spec leaves open what stops an admin locking the platform out. */
  lastAdmin: 'The platform must keep at least one admin.',
  notYourself: 'You cannot do this to your own account.',
  onlyAdminGivesAdmin: 'Only an admin can give or take the admin role.',
  userNotFound: 'User not found',
  banReasonTooLong: `Reason must be at most ${BAN_REASON_MAX_LENGTH} characters`,
} as const;

/**
 * What of the admin area's events, bookings and availability slots a caller may see (spec 3: facility
 * admins the venues they are assigned to, coach admins their own coaching business, site admins
 * everything). Each service that answers admin calls resolves it from its own projections of who
 * runs which venue and which coach profile is whose.
 *
 * - `all`: admin and site_admin.
 * - `venues`: a facility admin: events and slots at the venues whose `admin_user_ids` name them.
 * - `coach`: a coach admin: events and slots of the coach profile their account holds (null: none).
 */
export type AdminScope =
  | { kind: 'all' }
  | { kind: 'venues'; ids: number[] }
  | { kind: 'coach'; id: number | null };

/** Where a service looks up, in its own projections, what a venue or coach admin runs. */
export interface AdminScopeLookups {
  /** The coach profile (not deleted) the person's account holds, if any. */
  coachIdOfUser(userId: number): Promise<number | null | undefined>;
  /** The venues (not deleted) that name the person among their admins. */
  venueIdsRunBy(userId: number): Promise<number[]>;
}

/**
 * The caller's scope: site admins everything, a coach admin their coach profile, a facility admin
 * the venues naming them. Any other role (none reaches the admin routes) gets nothing.
 */
export async function resolveAdminScope(
  caller: { user_id: number; role: string },
  lookups: AdminScopeLookups,
): Promise<AdminScope> {
  if (isSiteAdminRole(caller.role)) return { kind: 'all' };
  if (caller.role === 'coach_admin')
    return { kind: 'coach', id: (await lookups.coachIdOfUser(caller.user_id)) ?? null };
  if (caller.role === 'facility_admin')
    return { kind: 'venues', ids: await lookups.venueIdsRunBy(caller.user_id) };
  return { kind: 'venues', ids: [] };
}

/** A row the scope is decided on: an event or an availability slot. */
export interface AdminScoped {
  venueId: number | null;
  coachProfileId: number | null;
}

/** Whether the scope covers a row with this venue and coach (what a new or changed slot must be). */
export function scopeCovers(scope: AdminScope, row: AdminScoped): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'venues') return row.venueId !== null && scope.ids.includes(row.venueId);
  return scope.id !== null && row.coachProfileId === scope.id;
}

/** The part of the platform a scope's figures cover, as the dashboard names it. */
export const DASHBOARD_SCOPES = ['platform', 'venues', 'coaching'] as const;
export type DashboardScope = (typeof DASHBOARD_SCOPES)[number];
export function dashboardScope(scope: AdminScope): DashboardScope {
  return scope.kind === 'all' ? 'platform' : scope.kind === 'venues' ? 'venues' : 'coaching';
}

/** What an event chat's reach is decided on: who organised the event, where and whose coaching it is. */
export interface EventChatSubject {
  id: number;
  creatorUserId: number | null;
  venueId: number | null;
  coachProfileId: number | null;
}

/** Where a service looks up what an event chat's reach needs: the admin scope's lookups and the seats. */
export interface EventChatLookups extends AdminScopeLookups {
  /** Whether the person holds a confirmed seat of the event (a pending or cancelled one does not count). */
  isConfirmedPlayer(eventId: number, userId: number): Promise<boolean>;
}

/**
 * Who may read, write in, mark read and follow live an event's chat, the same for the REST calls
 * and the socket's `event-chat:join`:
 *
 * - site admins (admin, site_admin): every chat;
 * - a facility admin: the chats of events at the venues naming them among their admins;
 * - a coach admin: the chats of events of the coach profile their account holds;
 * - anyone (these admins too): the chats of events they organised or hold a confirmed seat of.
 *
 * A scoped admin's role adds reach, it never takes away what they have as a golfer. Lookups are
 * made only when the cheaper answers have not decided.
 */
export async function mayReachEventChat(
  viewer: { user_id: number; role: string },
  event: EventChatSubject,
  lookups: EventChatLookups,
): Promise<boolean> {
  if (isSiteAdminRole(viewer.role)) return true;
  if (event.creatorUserId !== null && event.creatorUserId === viewer.user_id) return true;
  if (viewer.role === 'facility_admin' || viewer.role === 'coach_admin') {
    if (scopeCovers(await resolveAdminScope(viewer, lookups), event)) return true;
  }
  return lookups.isConfirmedPlayer(event.id, viewer.user_id);
}
