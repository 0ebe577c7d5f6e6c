import { type FieldErrors, forbidden, invalidFields, notFound } from '@linksmate/platform';
import {
  type AccessTokenClaims,
  ADMIN_COACH_MESSAGES,
  AVAILABILITY_DEFAULTS,
  AVAILABILITY_MESSAGES,
  type AvailabilityBatchBody,
  type AvailabilityBatchReply,
  type AvailabilityQuery,
  type AvailabilityReply,
  type AvailabilitySlot,
  type CreateAvailabilitySlotBody,
  EVENT_MESSAGES,
  type UpdateAvailabilitySlotBody,
} from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { Db, NewAvailabilitySlot } from '../../db/types';
import { type AdminScope, covers } from '../../lib/admin-scope';
import { timeRange } from '../../lib/list-filters';
import type { Projections } from '../projections/service';
import { deleteSlot, findSlot, insertSlots, listSlots, toSlot, updateSlot } from './repository';
import { checkBatch, checkSlot, draftOf, type SlotDraft } from './rules';

export interface AvailabilityDeps extends ModuleContext {
  projections: Projections;
}

const slotNotFound = () => notFound(AVAILABILITY_MESSAGES.slotNotFound, 'slot_not_found');

/** The draft's fields as table columns. */
function columnsOf(draft: SlotDraft): Omit<NewAvailabilitySlot, 'createdByUserId'> {
  return {
    startTime: draft.startTime!,
    endTime: draft.endTime,
    slotType: draft.slotType,
    price: draft.price,
    currency: AVAILABILITY_DEFAULTS.currency,
    capacity: draft.capacity,
    status: draft.status,
    notesForAdmin: draft.notesForAdmin,
    coachProfileId: draft.coachProfileId,
    venueId: draft.venueId,
  };
}

/** Prefixes a slot's field errors with its place in a batch (`slots.3.start_time`). */
const inBatch = (index: number, errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [`slots.${index}.${field}`, message]));

/**
 * A new or changed slot (its fields already valid) must stay within the caller's scope: a facility
 * admin's at one of the venues they manage, a coach admin's their own coach profile's (a new slot
 * naming no coach is theirs). Refused with 403 otherwise; the draft as it will be stored.
 */
function withinScope(scope: AdminScope, draft: SlotDraft, creating: boolean): SlotDraft {
  if (scope.kind === 'coach') {
    if (scope.id === null) throw forbidden(ADMIN_COACH_MESSAGES.noCoachProfile, 'no_coach_profile');
    if (creating && draft.coachProfileId === null) draft = { ...draft, coachProfileId: scope.id };
  }
  if (covers(scope, draft)) return draft;
  throw scope.kind === 'venues'
    ? forbidden(AVAILABILITY_MESSAGES.venueNotManaged, 'venue_not_managed')
    : forbidden(AVAILABILITY_MESSAGES.coachNotOwn, 'coach_not_own');
}

/**
 * Manage Availability (docs/product.md#admin-sections, #admin-states, #admin-validation, #admin-calls): the times admins offer, one at a time or in batches of
 * up to 50 (all or none), edited through all four statuses, deleted. Site admins manage every slot;
 * a facility admin those at their venues, a coach admin their coach's (others are not found).
 */
export class AvailabilityService {
  constructor(private readonly deps: AvailabilityDeps) {}

  private get db(): Db {
    return this.deps.runtime.db;
  }

  /** The caller's part of the admin area (site admins: all of it). */
  private adminScope(claims: AccessTokenClaims): Promise<AdminScope> {
    return this.deps.projections.adminScope(this.db, claims);
  }

  async list(claims: AccessTokenClaims, query: AvailabilityQuery): Promise<AvailabilityReply> {
    const { rows, total } = await listSlots(
      this.db,
      {
        scope: await this.adminScope(claims),
        status: query.status,
        range: timeRange(query.start_date, query.end_date),
      },
      { limit: query.limit, offset: query.offset },
    );
    return { slots: rows.map(toSlot), total };
  }

  async create(claims: AccessTokenClaims, body: CreateAvailabilitySlotBody): Promise<AvailabilitySlot> {
    const draft = draftOf(body);
    const errors = {
      ...checkSlot(draft, { creating: true, batch: false }),
      ...(await this.checkLinks(draft)),
    };
    if (Object.keys(errors).length) throw invalidFields(errors);
    const scope = await this.adminScope(claims);
    const [row] = await insertSlots(this.db, [this.newRow(claims, withinScope(scope, draft, true))]);
    return toSlot(row!);
  }

  /** `POST /admin/availability/batch`: every slot checked first; one refused refuses them all. */
  async createBatch(claims: AccessTokenClaims, body: AvailabilityBatchBody): Promise<AvailabilityBatchReply> {
    const drafts = body.slots.map((fields) => draftOf(fields));
    const counted = checkBatch(drafts);
    if (counted.slots) throw invalidFields(counted);
    const errors: FieldErrors = {};
    for (const [index, draft] of drafts.entries())
      Object.assign(
        errors,
        inBatch(index, {
          ...checkSlot(draft, { creating: true, batch: true }),
          ...(await this.checkLinks(draft)),
        }),
      );
    Object.assign(errors, counted);
    if (Object.keys(errors).length) throw invalidFields(errors);
    const scope = await this.adminScope(claims);
    const rows = drafts.map((draft) => this.newRow(claims, withinScope(scope, draft, true)));
    const inserted = await this.db.transaction((tx) => insertSlots(tx, rows));
    return { slots: inserted.map(toSlot) };
  }

  /**
   * `PUT /admin/availability/{id}`: the fields sent change, any of the four statuses allowed; the
   * slot must be the caller's, and stay theirs.
   */
  async update(
    claims: AccessTokenClaims,
    id: number,
    body: UpdateAvailabilitySlotBody,
  ): Promise<AvailabilitySlot> {
    const scope = await this.adminScope(claims);
    const row = await this.db.transaction(async (tx) => {
      const slot = await findSlot(tx, id, scope, true);
      if (!slot) throw slotNotFound();
      const draft = draftOf(body, slot);
      const errors = {
        ...checkSlot(draft, { creating: false, batch: false }),
        ...(await this.checkLinks(draft, {
          venue: body.venue_id !== undefined && draft.venueId !== slot.venueId,
          coach: body.coach_profile_id !== undefined && draft.coachProfileId !== slot.coachProfileId,
        })),
      };
      if (Object.keys(errors).length) throw invalidFields(errors);
      return updateSlot(tx, id, columnsOf(withinScope(scope, draft, false)), this.deps.clock());
    });
    return toSlot(row);
  }

  async remove(claims: AccessTokenClaims, id: number): Promise<void> {
    if (!(await deleteSlot(this.db, id, await this.adminScope(claims)))) throw slotNotFound();
  }

  private newRow(claims: AccessTokenClaims, draft: SlotDraft): NewAvailabilitySlot {
    const now = this.deps.clock();
    return { ...columnsOf(draft), createdByUserId: claims.user_id, createdAt: now, updatedAt: now };
  }

  /** The venue and coach a slot names must be known here (checked when set or changed). */
  private async checkLinks(
    draft: SlotDraft,
    changed: { venue: boolean; coach: boolean } = { venue: true, coach: true },
  ): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    if (changed.venue && draft.venueId !== null) {
      const venue = await this.deps.projections.venue(this.db, draft.venueId);
      if (!venue || venue.deleted) errors.venue_id = EVENT_MESSAGES.venueUnknown;
    }
    if (changed.coach && draft.coachProfileId !== null) {
      const coach = await this.deps.projections.coach(this.db, draft.coachProfileId);
      if (!coach || coach.deleted) errors.coach_profile_id = EVENT_MESSAGES.coachUnknown;
    }
    return errors;
  }
}
