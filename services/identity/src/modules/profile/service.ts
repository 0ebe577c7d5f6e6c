import {
  badRequest,
  type Clock,
  conflict,
  type EventMeta,
  forbidden,
  invalidFields,
  isUniqueViolation,
  notFound,
  type ServiceRuntime,
  unauthorized,
} from '@linksmate/platform';
import {
  type AccessTokenClaims,
  AVAILABILITY_STATUSES,
  type AvailabilityStatus,
  BLOCK_MESSAGES,
  type BlockReply,
  displayName,
  handicapError,
  isAdminRole,
  NAME_MESSAGES,
  PROFILE_TEXT_LIMITS,
  PROFILE_TEXT_MESSAGES,
  type ProfileReply,
  type ProfileUser,
  type Role,
  SKILL_LEVELS,
  type SkillLevel,
  type UpdateProfileBody,
  USERNAME,
  usernameError,
} from '@linksmate/proto';
import type * as schema from '../../db/schema';
import type { Db, NewUser, User } from '../../db/types';
import { type LetGo, NOTHING_LET_GO, type ProfileImages } from '../images/service';
import type { MembershipSnapshots } from '../memberships/service';
import type { UsersService } from '../users/service';
import { blockedIdsOf, blockedUsersOf, deleteBlock, eitherBlocked, insertBlock } from './repository';

function toProfileUser(
  user: User,
  own?: { blockedIds: number[]; blockedUsers: ProfileUser['blocked_users'] },
): ProfileUser {
  return {
    id: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    ...(own ? { email: user.email } : {}),
    profile_image_url: user.profileImageUrl,
    manual_handicap: user.manualHandicap,
    skill_level: user.skillLevel,
    club_memberships_text: user.clubMembershipsText,
    is_profile_visible: user.isProfileVisible,
    availability_status: user.availabilityStatus,
    availability_status_message: user.availabilityStatusMessage,
    ...(own ? { blocked_user_ids: own.blockedIds, blocked_users: own.blockedUsers } : {}),
    role: user.role as Role,
    created_at: user.createdAt.toISOString(),
  };
}

/** Optional text: trimmed, and empty means none. */
const optionalText = (value: string | null) => (value?.trim() ? value.trim() : null);

/** A handicap as a number: the form sends a decimal, some clients text; anything else is out of range. */
function handicapOf(value: unknown): { value: number | null; error: string | null } {
  if (value === null || value === undefined || value === '') return { value: null, error: null };
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*-?\d{1,3}(\.\d+)?\s*$/.test(value)
        ? Number(value)
        : Number.NaN;
  const error = handicapError(number);
  return { value: error ? null : Math.round(number * 10) / 10, error };
}

/**
 * Reads the form into the changes it asks for, with the spec's message per invalid field
 * (docs/product.md#account-validation). Names are required of the profile as it will be, so a form can never leave them blank.
 */
function changesFrom(
  body: UpdateProfileBody,
  user: User,
): { changes: Partial<NewUser>; errors: Record<string, string> } {
  const changes: Partial<NewUser> = {};
  const errors: Record<string, string> = {};

  if (body.username !== undefined) {
    const username = body.username.trim();
    const problem = usernameError(username);
    if (problem) errors.username = problem;
    else changes.username = username;
  }
  const names = [
    ['first_name', 'firstName', NAME_MESSAGES.firstNameRequired, PROFILE_TEXT_MESSAGES.firstNameTooLong],
    ['last_name', 'lastName', NAME_MESSAGES.lastNameRequired, PROFILE_TEXT_MESSAGES.lastNameTooLong],
  ] as const;
  for (const [field, column, required, tooLong] of names) {
    const value = body[field] === undefined ? user[column] : optionalText(body[field]);
    if (!value) errors[field] = required;
    else if (value.length > PROFILE_TEXT_LIMITS.name) errors[field] = tooLong;
    else if (body[field] !== undefined) changes[column] = value;
  }
  if (body.manual_handicap !== undefined) {
    const handicap = handicapOf(body.manual_handicap);
    if (handicap.error) errors.manual_handicap = handicap.error;
    else changes.manualHandicap = handicap.value;
  }
  if (body.skill_level !== undefined) {
    const level = optionalText(body.skill_level)?.toLowerCase() ?? null;
    if (level !== null && !SKILL_LEVELS.includes(level as SkillLevel))
      errors.skill_level = PROFILE_TEXT_MESSAGES.invalidSkillLevel;
    else changes.skillLevel = level;
  }
  if (body.club_memberships_text !== undefined) {
    const clubs = optionalText(body.club_memberships_text);
    if (clubs && clubs.length > PROFILE_TEXT_LIMITS.clubMemberships)
      errors.club_memberships_text = PROFILE_TEXT_MESSAGES.clubMembershipsTooLong;
    else changes.clubMembershipsText = clubs;
  }
  if (body.is_profile_visible !== undefined) changes.isProfileVisible = body.is_profile_visible;
  if (body.availability_status !== undefined) {
    // The discovery filter's "Playing" is the stored "playing" (docs/product.md#community-states).
    const status =
      body.availability_status.trim() === 'Playing' ? 'playing' : body.availability_status.trim();
    if (!AVAILABILITY_STATUSES.includes(status as AvailabilityStatus))
      errors.availability_status = PROFILE_TEXT_MESSAGES.invalidAvailability;
    else changes.availabilityStatus = status;
  }
  if (body.availability_status_message !== undefined) {
    const message = optionalText(body.availability_status_message);
    if (message && message.length > PROFILE_TEXT_LIMITS.availabilityMessage)
      errors.availability_status_message = PROFILE_TEXT_MESSAGES.availabilityMessageTooLong;
    else changes.availabilityStatusMessage = message;
  }
  // Removing the picture is always allowed; a new one must be the person's own pending upload,
  // which `update` checks against the uploads. Empty means none: the schema's type coercion turns
  // a JSON null into "" before it arrives here.
  if (body.profile_image_url !== undefined) changes.profileImageUrl = optionalText(body.profile_image_url);
  return { changes, errors };
}

/** Keeps only the changes that differ from what is stored. */
function effective(changes: Partial<NewUser>, user: User): Partial<NewUser> {
  return Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => user[key as keyof User] !== value),
  ) as Partial<NewUser>;
}

/**
 * Own profile and other users' profiles, editing one's own, and blocking (docs/product.md#account-screens,
 * spec 2 "Other user's profile").
 */
export class ProfileService {
  constructor(
    private readonly deps: {
      runtime: ServiceRuntime<typeof schema>;
      users: UsersService;
      memberships: MembershipSnapshots;
      images: ProfileImages;
      clock: Clock;
    },
  ) {}

  private get db(): Db {
    return this.deps.runtime.db;
  }

  private async activeUser(claims: AccessTokenClaims): Promise<User> {
    const user = await this.deps.users.byId(claims.user_id);
    if (!user || user.bannedAt)
      throw unauthorized('Authentication failed. Please log in again.', 'account_unavailable');
    return user;
  }

  async own(claims: AccessTokenClaims): Promise<ProfileReply> {
    return this.ownReply(await this.activeUser(claims));
  }

  private async ownReply(user: User): Promise<ProfileReply> {
    const [membership, blockedIds, blocked] = await Promise.all([
      this.deps.memberships.responseFor(user.id),
      blockedIdsOf(this.db, user.id),
      blockedUsersOf(this.db, user.id),
    ]);
    const blockedUsers = blocked.map((b) => ({
      id: b.id,
      displayName: displayName(b),
      username: b.username,
      profile_image_url: b.profileImageUrl,
    }));
    return { user: toProfileUser(user, { blockedIds, blockedUsers }), membership };
  }

  /**
   * Another user's profile. Hidden, suspended and unverified profiles, and anyone on either side of
   * a block, are not found, so a block is never revealed; an admin sees every profile.
   */
  async other(claims: AccessTokenClaims, id: number): Promise<ProfileReply> {
    if (id === claims.user_id) return this.own(claims);
    const user = await this.deps.users.byId(id);
    const admin = isAdminRole(claims.role);
    const visible =
      user &&
      (admin ||
        (user.isProfileVisible &&
          !user.bannedAt &&
          !!user.emailVerifiedAt &&
          !(await eitherBlocked(this.db, claims.user_id, id))));
    if (!user || !visible) throw notFound(BLOCK_MESSAGES.userNotFound);
    return { user: toProfileUser(user), membership: null };
  }

  /**
   * `PUT /profile`: validates every field with the spec's messages, stores what changed with a new
   * version and publishes `identity.user.updated` in the same transaction. A form that changes
   * nothing writes and publishes nothing.
   */
  async update(claims: AccessTokenClaims, body: UpdateProfileBody, meta: EventMeta): Promise<ProfileReply> {
    if (body.id !== undefined && body.id !== claims.user_id)
      throw forbidden(PROFILE_TEXT_MESSAGES.notOwnProfile, 'not_own_profile');
    const user = await this.activeUser(claims);
    const { changes, errors } = changesFrom(body, user);
    const changed = effective(changes, user);
    const newImage = changed.profileImageUrl;
    if (typeof newImage === 'string' && !(await this.deps.images.isAttachable(user.id, newImage)))
      errors.profile_image_url = PROFILE_TEXT_MESSAGES.invalidImage;
    if (Object.keys(errors).length) throw invalidFields(errors);
    if (!Object.keys(changed).length) return this.ownReply(user);

    const usernameTaken = () =>
      conflict(USERNAME.takenMessage, 'username_taken', { username: USERNAME.takenMessage });
    if (changed.username && (await this.deps.users.usernameHeldByOther(changed.username, user.id)))
      throw usernameTaken();
    try {
      let letGo: LetGo = NOTHING_LET_GO;
      const updated = await this.db.transaction(async (tx) => {
        // The user's row first: its lock makes two changes of the same profile take turns.
        const row = await this.deps.users.change(tx, user.id, changed, meta);
        if (changed.profileImageUrl !== undefined)
          letGo = await this.deps.images.attach(tx, user.id, changed.profileImageUrl);
        return row;
      });
      // Only once the change is committed may the pictures it replaced lose their files.
      await this.deps.images.deleteLetGo(letGo);
      return this.ownReply(updated);
    } catch (err) {
      // Two people taking the same name at once: the unique index decides.
      if (isUniqueViolation(err)) throw usernameTaken();
      throw err;
    }
  }

  /** Blocks another person; blocking again changes nothing (docs/product.md#community-states, #community-permissions). */
  async block(claims: AccessTokenClaims, blockedId: number, meta: EventMeta): Promise<BlockReply> {
    const blocker = await this.activeUser(claims);
    if (blockedId === blocker.id) throw badRequest(BLOCK_MESSAGES.cannotBlockSelf, 'cannot_block_self');
    if (!(await this.deps.users.byId(blockedId))) throw notFound(BLOCK_MESSAGES.userNotFound);
    await this.db.transaction(async (tx) => {
      const blockedAt = await insertBlock(tx, blocker.id, blockedId, this.deps.clock());
      if (!blockedAt) return;
      await this.deps.users.notices.blocked(tx, blocker.id, blockedId, blockedAt, meta);
    });
    return { message: BLOCK_MESSAGES.blocked, blocked_user_ids: await blockedIdsOf(this.db, blocker.id) };
  }

  /** Lifts a block; lifting one that is not there changes nothing. */
  async unblock(claims: AccessTokenClaims, blockedId: number, meta: EventMeta): Promise<BlockReply> {
    const blocker = await this.activeUser(claims);
    await this.db.transaction(async (tx) => {
      if (!(await deleteBlock(tx, blocker.id, blockedId))) return;
      await this.deps.users.notices.unblocked(tx, blocker.id, blockedId, this.deps.clock(), meta);
    });
    return { message: BLOCK_MESSAGES.unblocked, blocked_user_ids: await blockedIdsOf(this.db, blocker.id) };
  }
}
