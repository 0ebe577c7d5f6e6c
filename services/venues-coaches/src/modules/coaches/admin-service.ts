import {
  conflict,
  type EventMeta,
  forbidden,
  invalidFields,
  isForeignKeyViolation,
  notFound,
} from '@linksmate/platform';
import {
  type AccessTokenClaims,
  ADMIN_COACH_MESSAGES,
  type AddCoachVenueBody,
  type AdminCoachBody,
  type AdminCoachesQuery,
  type AdminCoachesReply,
  type AdminCoachReply,
  type CoachVenuesReply,
  isSiteAdminRole,
  unwrap,
  VENUE_MESSAGES,
} from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { Db } from '../../db/types';
import { adminCoachValues } from './admin-values';
import {
  addCoachVenue,
  coachByEmail,
  coachOfUser,
  coachPage,
  insertCoach,
  linkById,
  linksOf,
  lockCoach,
  markLinkPrimary,
  oldestLinkOf,
  unlinkVenue,
  updateCoach,
} from './repository';
import { type CoachesService, toCoach } from './service';

/**
 * Coaches in the admin area (spec 3 "Coaches management", "Coach venues"): site admins add, change
 * and delete coaches and manage any coach's venues; a coach admin manages the venues of their own
 * coach profile only. A coach added by an admin is invited by e-mail to claim the profile.
 */
export class AdminCoachesService {
  constructor(
    private readonly ctx: ModuleContext,
    private readonly coaches: CoachesService,
  ) {}

  private get db(): Db {
    return this.ctx.runtime.db;
  }

  async list(query: AdminCoachesQuery): Promise<AdminCoachesReply> {
    const { rows, total } = await coachPage(this.db, query);
    return { coaches: rows.map(toCoach), count: total };
  }

  async create(body: AdminCoachBody, meta: EventMeta): Promise<AdminCoachReply> {
    const { venueId, ...values } = adminCoachValues(body, true);
    if (await coachByEmail(this.db, values.email!))
      throw conflict(ADMIN_COACH_MESSAGES.emailTaken, 'coach_exists', {
        email: ADMIN_COACH_MESSAGES.emailTaken,
      });
    const now = this.ctx.clock();
    try {
      const coach = await this.db.transaction(async (tx) => {
        const row = await insertCoach(tx, { ...values, createdAt: now, updatedAt: now });
        if (venueId) await addCoachVenue(tx, { coachId: row.id, venueId, isPrimary: true });
        await this.coaches.notices.created(tx, row, venueId ?? null, meta);
        await this.coaches.notices.invitation(tx, row, meta);
        return row;
      });
      return { coach: await this.shaped(coach.id), message: 'Coach added and invited to claim the profile' };
    } catch (err) {
      if (isForeignKeyViolation(err))
        throw invalidFields({ venue_id: VENUE_MESSAGES.notFound }, 'venue_not_found');
      throw err;
    }
  }

  async update(id: number, body: AdminCoachBody, meta: EventMeta): Promise<AdminCoachReply> {
    const { venueId, ...values } = adminCoachValues(body, false);
    if (values.email) {
      const holder = await coachByEmail(this.db, values.email);
      if (holder && holder.id !== id)
        throw conflict(ADMIN_COACH_MESSAGES.emailTaken, 'coach_exists', {
          email: ADMIN_COACH_MESSAGES.emailTaken,
        });
    }
    await this.db.transaction(async (tx) => {
      const row = await updateCoach(tx, id, values, this.ctx.clock());
      if (!row) throw notFound(ADMIN_COACH_MESSAGES.notFound, 'coach_not_found');
      await this.coaches.notices.updated(tx, row, await this.coaches.primaryVenueOf(tx, id), meta);
    });
    // The wizard's Venue step names the primary venue: linked and made primary if it is new.
    if (venueId) {
      const linked = (await linksOf(this.db, id)).some((l) => l.venueId === venueId);
      if (linked) await this.coaches.setPrimaryVenue(id, venueId, meta);
      else await this.coaches.linkVenue(id, venueId, meta, { primary: true });
    }
    return { coach: await this.shaped(id), message: 'Coach updated successfully' };
  }

  async remove(id: number, meta: EventMeta): Promise<{ message: string }> {
    if (!(await this.coaches.remove(id, meta)))
      throw notFound(ADMIN_COACH_MESSAGES.notFound, 'coach_not_found');
    return { message: 'Coach deleted successfully' };
  }

  /** A coach or coach admin finds their own profile; site admins anyone's. */
  async byUser(user: AccessTokenClaims, userId: number): Promise<AdminCoachReply> {
    if (!isSiteAdminRole(user.role) && user.user_id !== userId) throw forbidden();
    const coach = await coachOfUser(this.db, userId);
    if (!coach) throw notFound(ADMIN_COACH_MESSAGES.noCoachProfile, 'no_coach_profile');
    return { coach: await this.shaped(coach.id) };
  }

  async venues(user: AccessTokenClaims, coachId: number): Promise<CoachVenuesReply> {
    await this.mayManage(user, coachId);
    const links = await linksOf(this.db, coachId);
    return {
      venues: links.map((l) => ({
        id: l.id,
        venue_id: l.venueId,
        venue_name: l.venueName,
        address: l.address,
        is_primary: l.isPrimary,
      })),
    };
  }

  async addVenue(
    user: AccessTokenClaims,
    coachId: number,
    body: AddCoachVenueBody,
    meta: EventMeta,
  ): Promise<CoachVenuesReply> {
    const venueId = unwrap(body.venue_id);
    if (!venueId) throw invalidFields({ venue_id: ADMIN_COACH_MESSAGES.selectVenue });
    await this.mayManage(user, coachId);
    await this.coaches.linkVenue(coachId, venueId, meta, { primary: body.is_primary ?? false });
    return this.venues(user, coachId);
  }

  /** Removes a venue; when it was the primary one, the oldest venue left becomes primary. */
  async removeVenue(user: AccessTokenClaims, coachId: number, venueId: number, meta: EventMeta) {
    await this.mayManage(user, coachId);
    await this.db.transaction(async (tx) => {
      if (!(await lockCoach(tx, coachId))) throw notFound(ADMIN_COACH_MESSAGES.notFound, 'coach_not_found');
      const removed = await unlinkVenue(tx, coachId, venueId);
      if (!removed) throw notFound(ADMIN_COACH_MESSAGES.linkNotFound, 'not_linked');
      if (!removed.isPrimary) return;
      const next = await oldestLinkOf(tx, coachId);
      if (next) await markLinkPrimary(tx, next.id);
      const row = await updateCoach(tx, coachId, {}, this.ctx.clock());
      await this.coaches.notices.updated(tx, row!, next?.venueId ?? null, meta);
    });
    return this.venues(user, coachId);
  }

  async makePrimary(user: AccessTokenClaims, coachId: number, linkId: number, meta: EventMeta) {
    await this.mayManage(user, coachId);
    const link = await linkById(this.db, coachId, linkId);
    if (!link) throw notFound(ADMIN_COACH_MESSAGES.linkNotFound, 'not_linked');
    await this.coaches.setPrimaryVenue(coachId, link.venueId, meta);
    return this.venues(user, coachId);
  }

  private async mayManage(user: AccessTokenClaims, coachId: number): Promise<void> {
    const coach = await this.coaches.find(coachId);
    if (!coach) throw notFound(ADMIN_COACH_MESSAGES.notFound, 'coach_not_found');
    if (!isSiteAdminRole(user.role) && coach.coach.userId !== user.user_id) throw forbidden();
  }

  private async shaped(id: number) {
    const row = await this.coaches.find(id);
    if (!row) throw notFound(ADMIN_COACH_MESSAGES.notFound, 'coach_not_found');
    return toCoach(row);
  }
}
