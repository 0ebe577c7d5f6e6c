import { isAdminRole, isCoachRole } from './roles';

/** Membership: statuses, plans and the membership check (docs/product.md#account-entities, #account-states, #roles). */

export const MEMBERSHIP_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
/** Statuses that grant access; docs/product.md#roles says "active or trial". */
export const VALID_MEMBERSHIP_STATUSES = ['active', 'trialing', 'trial'] as const;
/** A subscription in force at the provider: paid or in its free trial. */
export function isRunningSubscription(status: string | null | undefined): boolean {
  return status === 'active' || status === 'trialing';
}
export const PLAN_IDS = ['monthly', 'annual', 'lifetime'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const GRANT_MEMBERSHIP_TYPES = ['monthly', 'annual', 'lifetime'] as const;
/** Bulk grants from the admin user list speak of premium and basic (docs/product.md#admin-validation). */
export const BULK_GRANT_MEMBERSHIP_TYPES = ['premium', 'basic'] as const;
export const MEMBERSHIP_TYPES = [...PLAN_IDS, ...BULK_GRANT_MEMBERSHIP_TYPES] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];
export const MEMBERSHIP_STATUS_COLOURS: Record<string, 'green' | 'blue' | 'yellow' | 'red' | 'grey'> = {
  active: 'green',
  trialing: 'blue',
  past_due: 'yellow',
  canceled: 'red',
  unpaid: 'red',
};
export function membershipStatusColour(
  status: string | null | undefined,
): 'green' | 'blue' | 'yellow' | 'red' | 'grey' {
  return (status && MEMBERSHIP_STATUS_COLOURS[status]) || 'grey';
}

export interface MembershipClaims {
  role?: string | null;
  membership_status?: string | null;
  membership_ends_at?: string | number | null;
}

/** docs/product.md#roles: the "requires membership" check is true only for role member. */
export function requiresMembership(role: string | null | undefined): boolean {
  return role === 'member';
}

/**
 * docs/product.md#roles: coaches and admin-like roles pass; others need status active or trial and an end date,
 * if present, not in the past.
 */
export function passesMembershipCheck(claims: MembershipClaims, now: Date = new Date()): boolean {
  if (isCoachRole(claims.role) || isAdminRole(claims.role)) return true;
  const status = claims.membership_status;
  if (!status || !(VALID_MEMBERSHIP_STATUSES as readonly string[]).includes(status)) return false;
  if (claims.membership_ends_at === null || claims.membership_ends_at === undefined) return true;
  const ends =
    typeof claims.membership_ends_at === 'number'
      ? new Date(claims.membership_ends_at * 1000)
      : new Date(claims.membership_ends_at);
  if (Number.isNaN(ends.getTime())) return true;
  return ends.getTime() >= now.getTime();
}

export const MEMBERSHIP_REQUIRED = {
  status: 402,
  error: 'Active membership required',
  code: 'membership_required',
  redirectUrl: '/membership',
} as const;

/**
 * Whether a token's membership claims still get the gate's answer the membership as it is now
 * gets (for the token's role): when not, the token is stale and must be refreshed before it counts.
 */
export function sameMembershipDecision(
  token: MembershipClaims,
  current: Omit<MembershipClaims, 'role'>,
  now: Date = new Date(),
): boolean {
  return passesMembershipCheck(token, now) === passesMembershipCheck({ ...current, role: token.role }, now);
}

/**
 * The gateway's answer to a token whose membership claims are out of date (a membership granted,
 * bought, cancelled or ended since it was issued): the client refreshes its token and asks again.
 */
export const CLAIMS_STALE = {
  status: 401,
  error: 'Your membership has changed. Please refresh your session.',
  code: 'claims_stale',
} as const;
