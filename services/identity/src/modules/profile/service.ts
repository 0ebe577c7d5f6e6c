import { notFound, unauthorized } from '@linksmate/platform';
import {
  type AccessTokenClaims,
  isAdminRole,
  type ProfileReply,
  type ProfileUser,
  type Role,
} from '@linksmate/proto';
import type { Db, User } from '../../db/types';
import type { MembershipSnapshots } from '../memberships/service';
import type { UsersService } from '../users/service';
import { blockedIdsOf, eitherBlocked } from './repository';

function toProfileUser(user: User, options: { own: boolean; blockedIds?: number[] }): ProfileUser {
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
    role: user.role as Role,
    created_at: user.createdAt.toISOString(),
  };
}

/** Own profile and other users' profiles (spec 1 §2.12, spec 2 "Other user's profile"). */
export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly memberships: MembershipSnapshots,
  ) {}

  async own(claims: AccessTokenClaims): Promise<ProfileReply> {
    const user = await this.users.byId(claims.user_id);
    if (!user || user.bannedAt)
      throw unauthorized('Authentication failed. Please log in again.', 'account_unavailable');
    const [membership, blockedIds] = await Promise.all([
      this.memberships.responseFor(user.id),
      blockedIdsOf(this.db, user.id),
    ]);
    return { user: toProfileUser(user, { own: true, blockedIds }), membership };
  }

  /**
   * Another user's profile. Hidden, suspended and unverified profiles, and anyone on either side of
   * a block, are not found; an admin sees every profile.
   */
  async other(claims: AccessTokenClaims, id: number): Promise<ProfileReply> {
    if (id === claims.user_id) return this.own(claims);
    const user = await this.users.byId(id);
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
