import {
  conflict,
  type EventMeta,
  invalidFields,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
} from '@linksmate/platform';
import {
  COACH_MESSAGES,
  type Coach,
  type CoachesQuery,
  type CoachesReply,
  type CoachReply,
  type ImportCoachBody,
  type ImportCoachReply,
  VENUE_MESSAGES,
  webLinkError,
} from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { CoachRow, CoachVenueRow, Db } from '../../db/types';
import { CoachNotices } from './notify';
import {
  addCoachVenue,
  type CoachWithVenue,
  coachById,
  coachOfUser,
  coachPage,
  deleteCoach,
  existingVenueIds,
  insertCoach,
  lockCoach,
  primaryVenueIdOf,
  releaseCoachesOf,
  setPrimaryVenue,
  touchCoach,
  updateCoach,
} from './repository';

export function toCoach({ coach, venueId, venueName }: CoachWithVenue): Coach {
  return {
    id: coach.id,
    user_id: coach.userId,
    venue_id: venueId,
    venue_name: venueName,
    first_name: coach.firstName,
    last_name: coach.lastName,
    email: coach.email,
    profile_image_url: coach.profileImageUrl,
    bio: coach.bio,
    specialties: coach.specialties,
    certifications: coach.certifications,
    years_experience: coach.yearsExperience,
    hourly_rate: coach.hourlyRate,
    is_verified: coach.isVerified,
    is_available_for_booking: coach.isAvailableForBooking,
    availability_schedule: coach.availabilitySchedule,
    created_at: coach.createdAt.toISOString(),
    updated_at: coach.updatedAt.toISOString(),
  };
}

const venueNotFound = () => invalidFields({ venue_ids: VENUE_MESSAGES.notFound }, 'venue_not_found');

/** Find Coaches and Coach detail (spec 2), coaches made by the platform, and where coaches teach. */
export class CoachesService {
  readonly notices: CoachNotices;

  constructor(private readonly ctx: ModuleContext) {
    this.notices = new CoachNotices(ctx.runtime);
  }

  private get db(): Db {
    return this.ctx.runtime.db;
  }

  async list(query: CoachesQuery): Promise<CoachesReply> {
    const { rows, total } = await coachPage(this.db, query);
    return { coaches: rows.map(toCoach), total };
  }

  /** The coach with its primary venue, or undefined. */
  find(id: number, db: Db = this.db): Promise<CoachWithVenue | undefined> {
    return coachById(db, id);
  }

  /** A coach admin's own coach profile. */
  ownCoach(userId: number): Promise<CoachRow | undefined> {
    return coachOfUser(this.db, userId);
  }

  /** An approved coach claim: the profile belongs to the claimant's account from now on. */
  async linkAccount(tx: Db, coachId: number, userId: number, meta: EventMeta): Promise<void> {
    const row = await updateCoach(tx, coachId, { userId }, this.ctx.clock());
    if (row) await this.notices.updated(tx, row, await primaryVenueIdOf(tx, coachId), meta);
  }

  /** A deleted account's coach profiles become unclaimed again, each published as updated. */
  async releaseAccount(tx: Db, userId: number, meta: EventMeta): Promise<void> {
    for (const row of await releaseCoachesOf(tx, userId, this.ctx.clock()))
      await this.notices.updated(tx, row, await primaryVenueIdOf(tx, row.id), meta);
  }

  /** The coach's primary venue id, if any. */
  primaryVenueOf(tx: Db, coachId: number): Promise<number | null> {
    return primaryVenueIdOf(tx, coachId);
  }

  async byId(id: number): Promise<CoachReply> {
    const row = await coachById(this.db, id);
    if (!row) throw notFound(COACH_MESSAGES.notFound);
    return { coach: toCoach(row) };
  }

  /**
   * `POST /internal/coaches`: a coach linked to the given venues, the first one primary, published as
   * `venues.coach.created`, all in one transaction.
   */
  async importCoach(body: ImportCoachBody, meta: EventMeta): Promise<ImportCoachReply> {
    const pictureProblem = webLinkError(body.profile_image_url);
    if (pictureProblem) throw invalidFields({ profile_image_url: pictureProblem });
    const venueIds = [...new Set(body.venue_ids ?? [])];
    const existing = await existingVenueIds(this.db, venueIds);
    if (existing.length !== venueIds.length) throw venueNotFound();
    const now = this.ctx.clock();
    try {
      const coach = await this.db.transaction(async (tx) => {
        const row = await insertCoach(tx, {
          userId: body.user_id ?? null,
          firstName: body.first_name.trim(),
          lastName: body.last_name.trim(),
          email: body.email.trim(),
          profileImageUrl: body.profile_image_url ?? null,
          bio: body.bio ?? null,
          specialties: body.specialties ?? [],
          certifications: body.certifications ?? [],
          yearsExperience: body.years_experience ?? null,
          hourlyRate: body.hourly_rate ?? null,
          isVerified: body.is_verified ?? false,
          isAvailableForBooking: body.is_available_for_booking ?? true,
          availabilitySchedule: body.availability_schedule ?? {},
          createdAt: now,
          updatedAt: now,
        });
        for (const [i, venueId] of venueIds.entries())
          await addCoachVenue(tx, { coachId: row.id, venueId, isPrimary: i === 0 });
        await this.notices.created(tx, row, venueIds[0] ?? null, meta);
        return row;
      });
      return { coach: { id: coach.id } };
    } catch (err) {
      // A venue deleted since it was looked up, or an account that already has a coach profile.
      if (isForeignKeyViolation(err)) throw venueNotFound();
      if (isUniqueViolation(err, 'coaches_user_key'))
        throw conflict('This account already has a coach profile', 'coach_exists');
      throw err;
    }
  }

  /**
   * Links a coach to a venue. The link becomes primary when asked, or when the coach had none; the
   * coach's snapshot then changed, so it gets a new version and `venues.coach.updated`.
   */
  async linkVenue(
    coachId: number,
    venueId: number,
    meta: EventMeta,
    options: { primary?: boolean } = {},
  ): Promise<CoachVenueRow> {
    try {
      return await this.db.transaction(async (tx) => {
        if (!(await lockCoach(tx, coachId))) throw notFound(COACH_MESSAGES.notFound);
        const link = await addCoachVenue(tx, { coachId, venueId });
        const primary = options.primary || (await primaryVenueIdOf(tx, coachId)) === null;
        if (primary) await this.switchPrimary(tx, coachId, venueId, meta);
        return { ...link, isPrimary: primary };
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) throw notFound(VENUE_MESSAGES.notFound);
      if (isUniqueViolation(err, 'coach_venues_pair_key'))
        throw conflict('The coach is already linked to this venue', 'already_linked');
      throw err;
    }
  }

  /** Makes the coach's link to a venue the primary one (unset the old, set the new, one transaction). */
  async setPrimaryVenue(coachId: number, venueId: number, meta: EventMeta): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await lockCoach(tx, coachId))) throw notFound(COACH_MESSAGES.notFound);
      await this.switchPrimary(tx, coachId, venueId, meta);
    });
  }

  /** Deletes a coach and publishes `venues.coach.deleted`; false when there was none. */
  async remove(id: number, meta: EventMeta): Promise<boolean> {
    const deleted = await this.db.transaction(async (tx) => {
      const row = await deleteCoach(tx, id);
      if (row) await this.notices.deleted(tx, row, meta);
      return row;
    });
    return deleted !== undefined;
  }

  private async switchPrimary(tx: Db, coachId: number, venueId: number, meta: EventMeta): Promise<void> {
    const outcome = await setPrimaryVenue(tx, coachId, venueId);
    if (outcome === 'not_linked') throw notFound('The coach is not linked to this venue', 'not_linked');
    if (outcome === 'unchanged') return;
    await this.notices.updated(tx, await touchCoach(tx, coachId, this.ctx.clock()), venueId, meta);
  }
}
