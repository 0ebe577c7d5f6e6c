import { notFound, unauthorized } from '@linksmate/platform';
import { type AccessTokenClaims, isAdminRole, type MembershipResponse } from '@linksmate/proto';
import { type Db, findMembership, findUserById, type Membership, type User } from '../users/repository';
import { blockedIdsOf, eitherBlocked } from './repository';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function toProfileUser(user: User, options: { own: boolean; blockedIds?: number[] }) {
  return {
    id: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    ...(options.own ? { email: user.email } : {}),
    profile_image_url: user.profileImageUrl,
    manual_handicap: user.manualHandicap,
    skill_level: user.skillLevel,
    club_memberships_text: user.clubMembershipsText,
    is_profile_visible: user.isProfileVisible,
    availability_status: user.availabilityStatus,
    availability_status_message: user.availabilityStatusMessage,
    ...(options.blockedIds ? { blocked_user_ids: options.blockedIds } : {}),
    role: user.role,
    created_at: user.createdAt.toISOString(),
  };
}

export function toProfileMembership(membership: Membership | undefined): MembershipResponse {
  if (!membership) return null;
  return {
    type: membership.type as NonNullable<MembershipResponse>['type'],
    status: membership.status as NonNullable<MembershipResponse>['status'],
    plan_id: membership.planId,
    trial_ends_at: iso(membership.trialEndsAt),
    current_period_ends_at: iso(membership.currentPeriodEndsAt),
    ends_at: iso(membership.endsAt),
    cancel_at_period_end: membership.cancelAtPeriodEnd,
    source: (membership.source ?? 'purchase') as NonNullable<MembershipResponse>['source'],
    provider_subscription_id: membership.providerSubscriptionId,
    provider_customer_id: membership.providerCustomerId,
  };
}

/** Own profile and other users' profiles (spec 1 §2.12, spec 2 "Other user's profile"). */
export class ProfileService {
  constructor(private readonly db: Db) {}

  async own(claims: AccessTokenClaims) {
    const user = await findUserById(this.db, claims.user_id);
    if (!user || user.bannedAt)
      throw unauthorized('Authentication failed. Please log in again.', 'account_unavailable');
    const [membership, blockedIds] = await Promise.all([
      findMembership(this.db, user.id),
      blockedIdsOf(this.db, user.id),
    ]);
    return {
      user: toProfileUser(user, { own: true, blockedIds }),
      membership: toProfileMembership(membership),
    };
  }

  /**
   * Another user's profile. Hidden, suspended and unverified profiles, and anyone on either side of
   * a block, are not found; an admin sees every profile.
   */
  async other(claims: AccessTokenClaims, id: number) {
    if (id === claims.user_id) return this.own(claims);
    const user = await findUserById(this.db, id);
    const admin = isAdminRole(claims.role);
    const visible =
      user &&
      (admin ||
        (user.isProfileVisible &&
          !user.bannedAt &&
          !!user.emailVerifiedAt &&
          !(await eitherBlocked(this.db, claims.user_id, id))));
    if (!user || !visible) throw notFound('User not found');
    return { user: toProfileUser(user, { own: false }), membership: null };
  }
}
