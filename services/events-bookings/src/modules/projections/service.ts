import {
  type AccessTokenClaims,
  type CoachCreated,
  type CoachDeleted,
  type EventData,
  resolveAdminScope,
  type UserBlocked,
  type UserDeleted,
  type UserUnblocked,
  type UserUpdated,
  type VenueCreated,
  type VenueDeleted,
} from '@linksmate/proto';
import type { Db } from '../../db/types';
import type { AdminScope } from '../../lib/admin-scope';
import {
  coachIdOfUser,
  findCoach,
  findVenue,
  markCoachDeleted,
  markUserDeleted,
  markVenueDeleted,
  setBlock,
  upsertCoach,
  upsertUser,
  upsertVenue,
  type VenueProjectionRow,
  venueIdsRunBy,
} from './repository';

export type { VenueProjectionRow };

/**
 * This service's copies of other contexts' data (users from identity, venues and coaches from
 * venues-coaches): what events show and what games are checked against. Every change is a
 * versioned upsert, so late or repeated events never roll a copy back.
 */
export class Projections {
  applyUser(tx: Db, user: EventData<typeof UserUpdated>): Promise<void> {
    return upsertUser(tx, {
      id: user.user_id,
      username: user.username,
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      profileImageUrl: user.profile_image_url,
      role: user.role,
      manualHandicap: user.manual_handicap,
      skillLevel: user.skill_level,
      banned: user.banned,
      profileVisible: user.is_profile_visible,
      emailVerified: user.email_verified,
      deleted: false,
      version: user.version,
    });
  }

  blocked(tx: Db, event: EventData<typeof UserBlocked>): Promise<void> {
    return setBlock(tx, event.blocker_user_id, event.blocked_user_id, true, new Date(event.blocked_at));
  }

  unblocked(tx: Db, event: EventData<typeof UserUnblocked>): Promise<void> {
    return setBlock(tx, event.blocker_user_id, event.blocked_user_id, false, new Date(event.unblocked_at));
  }

  userDeleted(tx: Db, event: EventData<typeof UserDeleted>): Promise<void> {
    return markUserDeleted(tx, event.user_id, event.version);
  }

  /**
   * `listed` is the snapshot's `is_active`: active and reviewed, so games may be made there. A
   * snapshot without `admin_user_ids` (published before they were carried) names no admins.
   */
  applyVenue(tx: Db, venue: EventData<typeof VenueCreated>): Promise<void> {
    return upsertVenue(tx, {
      id: venue.venue_id,
      name: venue.name,
      slug: venue.slug,
      address: venue.address,
      city: venue.city,
      state: venue.state,
      lat: venue.lat,
      lng: venue.lng,
      listed: venue.is_active,
      deleted: false,
      adminUserIds: venue.admin_user_ids ?? [],
      version: venue.version,
    });
  }

  venueDeleted(tx: Db, event: EventData<typeof VenueDeleted>): Promise<void> {
    return markVenueDeleted(tx, event.venue_id, event.version);
  }

  applyCoach(tx: Db, coach: EventData<typeof CoachCreated>): Promise<void> {
    return upsertCoach(tx, {
      id: coach.coach_id,
      userId: coach.user_id,
      firstName: coach.first_name,
      lastName: coach.last_name,
      profileImageUrl: coach.profile_image_url,
      deleted: false,
      version: coach.version,
    });
  }

  coachDeleted(tx: Db, event: EventData<typeof CoachDeleted>): Promise<void> {
    return markCoachDeleted(tx, event.coach_id, event.version);
  }

  venue(db: Db, id: number): Promise<VenueProjectionRow | undefined> {
    return findVenue(db, id);
  }

  coach(db: Db, id: number) {
    return findCoach(db, id);
  }

  /**
   * What of the admin area the caller may see and change (spec 3): site admins everything, a
   * facility admin the venues that name them among their admins, a coach admin the coach profile
   * their account holds. Any other role (none reaches the admin routes) gets nothing.
   */
  adminScope(db: Db, claims: Pick<AccessTokenClaims, 'user_id' | 'role'>): Promise<AdminScope> {
    return resolveAdminScope(claims, {
      coachIdOfUser: (userId) => coachIdOfUser(db, userId),
      venueIdsRunBy: (userId) => venueIdsRunBy(db, userId),
    });
  }
}
