import {
  conflict,
  type EventMeta,
  type FieldErrors,
  forbidden,
  HttpError,
  invalidFields,
  notFound,
} from '@linksmate/platform';
import {
  type AccessTokenClaims,
  type AdminEventsQuery,
  type AdminEventsReply,
  type CreateMemberGameBody,
  type CreateOfficialEventBody,
  type CreateOfficialEventReply,
  type CreateTicketTypesBody,
  DEFAULT_PAYMENT_METHOD,
  EVENT_MESSAGES,
  type Event,
  isAdminRole,
  isSiteAdminRole,
  MEMBER_GAME_CAPACITY,
  OFFICIAL_EVENT_CAPACITY,
  OFFICIAL_EVENT_TYPE,
  scopedAdminsMayChange,
  type TicketType,
  type TicketTypesReply,
  type UpdateEventBody,
  unwrap,
} from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { Db, EventRow, NewEvent, TicketTypeRow } from '../../db/types';
import { covers } from '../../lib/admin-scope';
import { cancelOpenBookings } from '../bookings/service';
import type { Projections } from '../projections/service';
import type { Seats } from '../seats/service';
import { changesOf, draftOf } from './changes';
import { checkDraft, checkTicketTypes, type EventDraft, formText, formTime } from './draft';
import { EventNotices } from './notify';
import type { EventReads } from './reads';
import {
  activeTicketTypes,
  hasPaidBookings,
  insertEvent,
  insertTicketTypes,
  nextTicketPosition,
  updateEvent,
} from './repository';

/** What other modules read of events: the Event DTO (`EventReads.byId`) and the notices. */
export { EventNotices, eventSnapshot } from './notify';
export { EventReads } from './reads';
/** This module writes `events`: an import makes its event through this, in the caller's transaction. */
export { insertEvent, ReadModel } from './repository';

/** Not in EVENT_MESSAGES: an official event naming a coach this service does not know. */

const eventNotFound = () => notFound(EVENT_MESSAGES.eventNotFound, 'event_not_found');

function toTicketType(row: TicketTypeRow): TicketType {
  return {
    id: row.id,
    event_id: row.eventId,
    name: row.name,
    description: row.description,
    price_per_ticket: row.pricePerTicket,
    currency: row.currency,
    is_active: row.isActive,
  };
}

/**
 * Only an event's creator or an admin changes it (docs/product.md#community-permissions) and runs
 * its scoring (docs/product.md#results): site admins any event; a facility or coach admin only the
 * official events their part of the admin area covers (their venues, their coaching), as the admin
 * lists do — never a member's own game at their venue.
 */
export async function canEdit(
  db: Db,
  projections: Projections,
  claims: AccessTokenClaims,
  event: EventRow,
): Promise<boolean> {
  if (event.creatorUserId === claims.user_id) return true;
  if (isSiteAdminRole(claims.role)) return true;
  if (!isAdminRole(claims.role) || !scopedAdminsMayChange(event.eventType)) return false;
  return covers(await projections.adminScope(db, claims), event);
}

/** The draft's fields as table columns (a free member game keeps no payment method or instructions). */
function columnsOf(draft: EventDraft): Omit<NewEvent, 'creatorUserId' | 'coachProfileId'> {
  const free = draft.pricePerParticipant === 0 && draft.eventType !== OFFICIAL_EVENT_TYPE;
  return {
    eventType: draft.eventType,
    title: draft.title!,
    description: draft.description,
    venueId: draft.venueId!,
    startTime: draft.startTime!,
    endTime: draft.endTime,
    capacity: draft.capacity,
    pricePerParticipant: draft.pricePerParticipant,
    currency: draft.currency,
    paymentMethod: free ? null : draft.paymentMethod,
    paymentInstructions: free ? null : draft.paymentInstructions,
    minHandicap: draft.minHandicap,
    maxHandicap: draft.maxHandicap,
    minSkillLevel: draft.minSkillLevel,
  };
}

/**
 * Events and member games: creating them (member games by members, official events by site
 * admins, with their slot types), changing, cancelling and deleting them (creator or admin), and
 * their slot types. Every change publishes its event in the same transaction.
 */
export class EventsService {
  readonly reads: EventReads;
  private readonly notices: EventNotices;

  constructor(
    private readonly ctx: ModuleContext & { seats: Seats; projections: Projections; reads: EventReads },
  ) {
    this.reads = ctx.reads;
    this.notices = new EventNotices(ctx.runtime);
  }

  private get db(): Db {
    return this.ctx.runtime.db;
  }

  /** `POST /member-games` (docs/product.md#community-validation): the caller creates it and does not take a seat themselves. */
  async createMemberGame(
    claims: AccessTokenClaims,
    body: CreateMemberGameBody,
    meta: EventMeta,
  ): Promise<Event> {
    const price = unwrap<number>(body.price_per_participant) ?? 0;
    const draft: EventDraft = {
      eventType: 'member_game',
      title: formText(body.title) ?? null,
      description: formText(body.description) ?? null,
      venueId: unwrap<number>(body.venue_id) ?? null,
      startTime: formTime(body.start_time) ?? null,
      endTime: formTime(body.end_time) ?? null,
      capacity: unwrap<number>(body.capacity) ?? MEMBER_GAME_CAPACITY.default,
      pricePerParticipant: price,
      currency: body.currency ?? 'AUD',
      paymentMethod: unwrap<string>(body.payment_method) ?? DEFAULT_PAYMENT_METHOD,
      paymentInstructions: formText(body.payment_instructions) ?? null,
      minHandicap: unwrap<number>(body.min_handicap) ?? null,
      maxHandicap: unwrap<number>(body.max_handicap) ?? null,
      minSkillLevel: unwrap<string>(body.min_skill_level) ?? null,
    };
    const errors = await this.checkNew(draft);
    if (Object.keys(errors).length) throw invalidFields(errors);
    const now = this.ctx.clock();
    const event = await this.db.transaction(async (tx) => {
      const row = await insertEvent(tx, {
        ...columnsOf(draft),
        creatorUserId: claims.user_id,
        createdAt: now,
        updatedAt: now,
      });
      await this.notices.created(tx, row, meta);
      return row;
    });
    return this.reads.require(event.id, claims.user_id);
  }

  /** `POST /events/linksmate` (docs/product.md#admin-validation): the official event and its slot types in one transaction. */
  async createOfficial(
    claims: AccessTokenClaims,
    body: CreateOfficialEventBody,
    meta: EventMeta,
  ): Promise<CreateOfficialEventReply> {
    const currency = body.currency ?? 'AUD';
    const draft: EventDraft = {
      eventType: OFFICIAL_EVENT_TYPE,
      title: formText(body.title) ?? null,
      description: formText(body.description) ?? null,
      venueId: unwrap<number>(body.venue_id) ?? null,
      startTime: formTime(body.start_time) ?? null,
      endTime: formTime(body.end_time) ?? null,
      capacity: unwrap<number>(body.capacity) ?? OFFICIAL_EVENT_CAPACITY.default,
      pricePerParticipant: unwrap<number>(body.price_per_participant) ?? 0,
      currency,
      paymentMethod: null,
      paymentInstructions: null,
      minHandicap: null,
      maxHandicap: null,
      minSkillLevel: null,
    };
    const coachId = unwrap<number>(body.coach_profile_id) ?? null;
    const errors = await this.checkNew(draft);
    if (coachId !== null) {
      const coach = await this.ctx.projections.coach(this.db, coachId);
      if (!coach || coach.deleted) errors.coach_profile_id = EVENT_MESSAGES.coachUnknown;
    }
    // No list at all is the spec's fallback (docs/product.md#admin-states): the event alone, its slot types added by
    // `POST /events/{id}/ticket-types` after. A list, even empty, is judged.
    const slots =
      body.ticket_types === undefined
        ? { rows: [], errors: {} }
        : checkTicketTypes(body.ticket_types, { currency, firstPosition: 0 });
    Object.assign(errors, slots.errors);
    if (Object.keys(errors).length) throw invalidFields(errors);
    const now = this.ctx.clock();
    const { event, types } = await this.db.transaction(async (tx) => {
      const row = await insertEvent(tx, {
        ...columnsOf(draft),
        status: body.status ?? 'open',
        coachProfileId: coachId,
        creatorUserId: claims.user_id,
        createdAt: now,
        updatedAt: now,
      });
      const inserted = await insertTicketTypes(
        tx,
        slots.rows.map((slot) => ({ ...slot, eventId: row.id, createdAt: now, updatedAt: now })),
      );
      await this.notices.created(tx, row, meta);
      return { event: row, types: inserted };
    });
    return {
      event: await this.reads.require(event.id, claims.user_id),
      ticket_types: types.map(toTicketType),
    };
  }

  /** `GET /admin/events`: the events of the caller's part of the admin area. */
  async adminList(claims: AccessTokenClaims, query: AdminEventsQuery): Promise<AdminEventsReply> {
    return this.reads.adminList(query, await this.ctx.projections.adminScope(this.db, claims));
  }

  private async checkNew(draft: EventDraft): Promise<FieldErrors> {
    const venue =
      draft.venueId === null ? undefined : await this.ctx.projections.venue(this.db, draft.venueId);
    return checkDraft(draft, { now: this.ctx.clock(), venue, changed: () => true, creating: true });
  }

  /**
   * `PUT /events/{id}`: the fields sent that differ are changed, checked against the spec's rules
   * with the event locked (capacity never below the seats confirmed bookings hold). Cancelling
   * cancels its pending and confirmed bookings and publishes `events.event.cancelled`; any other
   * change publishes `events.event.updated`. Raised capacity frees seats (the waitlist hears it).
   */
  async update(
    claims: AccessTokenClaims,
    id: number,
    body: UpdateEventBody,
    meta: EventMeta,
  ): Promise<Event> {
    const now = this.ctx.clock();
    await this.db.transaction(async (tx) => {
      const event = await this.ctx.seats.lock(tx, id);
      if (!event || event.deletedAt) throw eventNotFound();
      if (!(await canEdit(tx, this.ctx.projections, claims, event)))
        throw forbidden(EVENT_MESSAGES.notEditor, 'not_editor');
      const changes = changesOf(event, body);
      if (!Object.keys(changes).length) throw new HttpError(400, EVENT_MESSAGES.noChanges, 'no_changes');
      const draft = draftOf({ ...event, ...changes });
      const changed = (field: keyof EventDraft) => field in changes;
      const venue =
        changed('venueId') && draft.venueId !== null
          ? await this.ctx.projections.venue(tx, draft.venueId)
          : undefined;
      const errors = checkDraft(draft, {
        now,
        venue,
        changed,
        creating: false,
        confirmedSeats: event.participantCount,
      });
      if (Object.keys(errors).length) throw invalidFields(errors);
      if (draft.pricePerParticipant === 0 && draft.eventType !== OFFICIAL_EVENT_TYPE) {
        changes.paymentMethod = null;
        changes.paymentInstructions = null;
      }
      const cancelling = changes.status === 'cancelled' && event.status !== 'cancelled';
      if (cancelling) {
        const cancelled = await cancelOpenBookings(tx, id, now);
        await this.ctx.seats.settle(tx, id);
        const row = await updateEvent(tx, id, changes, now);
        await this.notices.cancelled(tx, row, meta);
        await this.notices.bookingsCancelled(tx, row, cancelled, now, meta);
        return;
      }
      const row = await updateEvent(tx, id, changes, now);
      await this.notices.updated(tx, row, meta);
      if (row.capacity > event.capacity && row.status !== 'cancelled') await this.ctx.seats.freed(tx, id);
    });
    return this.reads.require(id, claims.user_id);
  }

  /**
   * `DELETE /events/{id}`: refused while a confirmed booking was paid by card (cancel it instead);
   * otherwise its open bookings are cancelled and the event kept, marked deleted.
   */
  async remove(claims: AccessTokenClaims, id: number, meta: EventMeta): Promise<void> {
    const now = this.ctx.clock();
    await this.db.transaction(async (tx) => {
      const event = await this.ctx.seats.lock(tx, id);
      if (!event || event.deletedAt) throw eventNotFound();
      if (!(await canEdit(tx, this.ctx.projections, claims, event)))
        throw forbidden(EVENT_MESSAGES.notEditor, 'not_editor');
      if (await hasPaidBookings(tx, id)) throw conflict(EVENT_MESSAGES.hasPaidBookings, 'has_paid_bookings');
      const cancelled = await cancelOpenBookings(tx, id, now);
      await this.ctx.seats.settle(tx, id);
      const row = await updateEvent(tx, id, { deletedAt: now }, now);
      await this.notices.bookingsCancelled(tx, row, cancelled, now, meta);
      await this.notices.deleted(tx, row, meta);
    });
  }

  /** `GET /events/{id}/ticket-types`: the active slot types, in their order. */
  async ticketTypes(id: number): Promise<TicketTypesReply> {
    const event = await this.reads.byId(id, null);
    if (!event) throw eventNotFound();
    return { ticket_types: (await activeTicketTypes(this.db, id)).map(toTicketType) };
  }

  /** `POST /events/{id}/ticket-types`: slot types appended after the event's last (creator or admin). */
  async addTicketTypes(
    claims: AccessTokenClaims,
    id: number,
    body: CreateTicketTypesBody,
  ): Promise<TicketTypesReply> {
    const now = this.ctx.clock();
    const rows = await this.db.transaction(async (tx) => {
      const event = await this.ctx.seats.lock(tx, id);
      if (!event || event.deletedAt) throw eventNotFound();
      if (!(await canEdit(tx, this.ctx.projections, claims, event)))
        throw forbidden(EVENT_MESSAGES.notEditor, 'not_editor');
      const slots = checkTicketTypes(body.ticket_types, {
        currency: event.currency,
        firstPosition: await nextTicketPosition(tx, id),
      });
      if (Object.keys(slots.errors).length) throw invalidFields(slots.errors);
      return insertTicketTypes(
        tx,
        slots.rows.map((slot) => ({ ...slot, eventId: id, createdAt: now, updatedAt: now })),
      );
    });
    return { ticket_types: rows.map(toTicketType) };
  }
}
