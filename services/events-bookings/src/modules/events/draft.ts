import type { FieldErrors } from '@linksmate/platform';
import {
  EVENT_MESSAGES,
  handicapError,
  MEMBER_GAME_CAPACITY,
  type NewTicketType,
  type NumberFault,
  numberFault,
  OFFICIAL_EVENT_CAPACITY,
  OFFICIAL_EVENT_TYPE,
  unwrap,
} from '@linksmate/proto';
import type { NewEvent } from '../../db/types';
import type { VenueProjectionRow } from '../projections/service';

/** A start this far before the clock still counts as now (the form's "Next Hour" sent a moment late). */
export const START_SLACK_MS = 60_000;

type Wrapped<T> = Parameters<typeof unwrap<T>>[0];

/** An optional text of a form: unwrapped, trimmed; blank is null, absent stays undefined. */
export function formText(value: Wrapped<string>): string | null | undefined {
  const plain = unwrap<string>(value);
  if (plain === undefined) return undefined;
  return plain?.trim() || null;
}

/** A time of a form: a Date, null when empty or not a time, undefined when absent. */
export function formTime(value: Wrapped<string>): Date | null | undefined {
  const text = formText(value);
  if (text === undefined || text === null) return text;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The event as it would be stored: what the rules are checked against. */
export interface EventDraft {
  eventType: NewEvent['eventType'];
  title: string | null;
  description: string | null;
  venueId: number | null;
  startTime: Date | null;
  endTime: Date | null;
  capacity: number;
  pricePerParticipant: number;
  currency: string;
  paymentMethod: string | null;
  paymentInstructions: string | null;
  minHandicap: number | null;
  maxHandicap: number | null;
  minSkillLevel: string | null;
}

export interface DraftCheck {
  now: Date;
  /** The venue in the projection, when one was chosen (undefined: not known here). */
  venue?: VenueProjectionRow;
  /** Which rules apply: all of them on creation; on an edit, those of the fields that changed. */
  changed: (field: keyof EventDraft) => boolean;
  creating: boolean;
  /** Seats confirmed bookings hold (edits): capacity never goes below them. */
  confirmedSeats?: number;
}

/** The create forms' words for a capacity they would not take, in the order they judge it. */
const GAME_CAPACITY_MESSAGES: Record<NumberFault, string> = {
  below: EVENT_MESSAGES.capacityMin,
  above: EVENT_MESSAGES.capacityMax,
  fraction: EVENT_MESSAGES.capacityWhole,
};
const OFFICIAL_CAPACITY_MESSAGES: Record<NumberFault, string> = {
  below: EVENT_MESSAGES.officialCapacityMin,
  above: EVENT_MESSAGES.officialCapacityMax,
  fraction: EVENT_MESSAGES.officialCapacityWhole,
};

const limitsOf = (eventType: string) =>
  eventType === OFFICIAL_EVENT_TYPE ? OFFICIAL_EVENT_CAPACITY : MEMBER_GAME_CAPACITY;

/** The spec's rules for an event (docs/product.md#community-validation, docs/product.md#admin-validation), as field errors with its messages. */
export function checkDraft(draft: EventDraft, check: DraftCheck): FieldErrors {
  const official = draft.eventType === OFFICIAL_EVENT_TYPE;
  const errors: FieldErrors = {};
  if (!draft.title)
    errors.title = official ? EVENT_MESSAGES.officialTitleRequired : EVENT_MESSAGES.titleRequired;
  if (draft.venueId === null) errors.venue_id = EVENT_MESSAGES.venueRequired;
  else if (check.changed('venueId')) {
    if (!check.venue || check.venue.deleted) errors.venue_id = EVENT_MESSAGES.venueUnknown;
    else if (!check.venue.listed) errors.venue_id = EVENT_MESSAGES.venueInactive;
  }
  if (!draft.startTime)
    errors.start_time = official ? EVENT_MESSAGES.officialStartRequired : EVENT_MESSAGES.startRequired;
  else if (check.changed('startTime') && draft.startTime.getTime() < check.now.getTime() - START_SLACK_MS)
    errors.start_time = EVENT_MESSAGES.startInPast;
  if (
    draft.startTime &&
    draft.endTime &&
    (check.changed('startTime') || check.changed('endTime')) &&
    draft.endTime.getTime() <= draft.startTime.getTime()
  )
    errors.end_time = EVENT_MESSAGES.endAfterStart;
  const capacity = capacityError(draft, check);
  if (capacity) errors.capacity = capacity;
  if (draft.pricePerParticipant < 0) errors.price_per_participant = EVENT_MESSAGES.priceNegative;
  for (const [field, key] of [
    ['min_handicap', 'minHandicap'],
    ['max_handicap', 'maxHandicap'],
  ] as const) {
    const problem = check.changed(key) ? handicapError(draft[key]) : null;
    if (problem) errors[field] = problem;
  }
  if (
    !errors.min_handicap &&
    !errors.max_handicap &&
    draft.minHandicap !== null &&
    draft.maxHandicap !== null &&
    draft.minHandicap > draft.maxHandicap
  )
    errors.min_handicap = EVENT_MESSAGES.handicapOrder;
  return errors;
}

function capacityError(draft: EventDraft, check: DraftCheck): string | undefined {
  if (!check.changed('capacity')) return undefined;
  const official = draft.eventType === OFFICIAL_EVENT_TYPE;
  const fault = numberFault(draft.capacity, { ...limitsOf(draft.eventType), whole: true });
  // An edit's form has one sentence for a capacity under 1 or not whole (docs/product.md#community-validation "Edit event").
  if (!check.creating && (fault === 'below' || fault === 'fraction')) return EVENT_MESSAGES.editCapacity;
  if (fault) return (official ? OFFICIAL_CAPACITY_MESSAGES : GAME_CAPACITY_MESSAGES)[fault];
  if (check.confirmedSeats !== undefined && draft.capacity < check.confirmedSeats)
    return EVENT_MESSAGES.capacityBelowJoined;
  return undefined;
}

/** A slot type as it would be stored, and its errors keyed `ticket_types.<i>.<field>`. */
export function checkTicketTypes(
  input: NewTicketType[],
  defaults: { currency: string; firstPosition: number; eventId?: number },
): { rows: Array<Omit<NewTicketTypeValues, 'eventId'>>; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (!input.length) errors.ticket_types = EVENT_MESSAGES.slotTypeRequired;
  const rows = input.map((slot, i) => {
    const name = formText(slot.name) ?? null;
    const price = unwrap<number>(slot.price_per_ticket) ?? 0;
    if (!name) errors[`ticket_types.${i}.name`] = EVENT_MESSAGES.slotTypeNameRequired;
    if (price < 0) errors[`ticket_types.${i}.price_per_ticket`] = EVENT_MESSAGES.priceNegative;
    return {
      name: name ?? '',
      description: formText(slot.description) ?? null,
      pricePerTicket: price,
      currency: slot.currency ?? defaults.currency,
      isActive: slot.is_active ?? true,
      position: defaults.firstPosition + i,
    };
  });
  return { rows, errors };
}

export interface NewTicketTypeValues {
  eventId: number;
  name: string;
  description: string | null;
  pricePerTicket: number;
  currency: string;
  isActive: boolean;
  position: number;
}
