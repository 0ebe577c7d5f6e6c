import type { FieldErrors } from '@linksmate/platform';
import {
  AVAILABILITY_BATCH,
  AVAILABILITY_CREATE_STATUSES,
  AVAILABILITY_DEFAULTS,
  AVAILABILITY_MESSAGES,
  type AvailabilitySlotFields,
  type AvailabilitySlotStatus,
  type AvailabilitySlotType,
  numberError,
} from '@linksmate/proto';
import type { AvailabilitySlotRow } from '../../db/types';

const MINUTE = 60_000;

/** A slot's places: a whole number from 1, in the slot forms' words. */
const CAPACITY = { min: 1, whole: true } as const;
const CAPACITY_MESSAGES = {
  below: AVAILABILITY_MESSAGES.capacityMin,
  fraction: AVAILABILITY_MESSAGES.capacityWhole,
};

/** A slot as it would be stored: what the rules are checked against. */
export interface SlotDraft {
  /** Null when missing or not a time. */
  startTime: Date | null;
  endTime: Date | null;
  /** An end was sent that is not a time. */
  endInvalid: boolean;
  slotType: AvailabilitySlotType;
  price: number;
  capacity: number;
  status: AvailabilitySlotStatus;
  notesForAdmin: string | null;
  coachProfileId: number | null;
  venueId: number | null;
  bookedCount: number;
}

/** A form's time: a Date, null when blank or not a time, undefined when absent. */
function parseTime(text: string | null | undefined): Date | null | undefined {
  if (text === undefined) return undefined;
  if (text === null || !text.trim()) return null;
  const date = new Date(text.trim());
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The fields sent over the slot they change (or over the defaults of docs/product.md#admin-limits, for a new one). */
export function draftOf(fields: AvailabilitySlotFields, base?: AvailabilitySlotRow): SlotDraft {
  const start = parseTime(fields.start_time);
  const end = parseTime(fields.end_time);
  const notes = fields.notes_for_admin === undefined ? undefined : fields.notes_for_admin?.trim() || null;
  return {
    startTime: start === undefined ? (base?.startTime ?? null) : start,
    endTime: end === undefined ? (base?.endTime ?? null) : end,
    endInvalid: end === null && !!fields.end_time?.trim(),
    slotType: fields.slot_type ?? base?.slotType ?? AVAILABILITY_DEFAULTS.slotType,
    price: fields.price ?? base?.price ?? AVAILABILITY_DEFAULTS.price,
    capacity: fields.capacity ?? base?.capacity ?? AVAILABILITY_DEFAULTS.capacity,
    status: fields.status ?? base?.status ?? AVAILABILITY_DEFAULTS.status,
    notesForAdmin: notes === undefined ? (base?.notesForAdmin ?? null) : notes,
    coachProfileId:
      fields.coach_profile_id === undefined ? (base?.coachProfileId ?? null) : fields.coach_profile_id,
    venueId: fields.venue_id === undefined ? (base?.venueId ?? null) : fields.venue_id,
    bookedCount: base?.bookedCount ?? 0,
  };
}

/**
 * The rules of docs/product.md#admin-validation "Availability slot": a start, an end (if any) after it, at least one
 * place, no negative price; a new slot active or pending. Slots of a batch last at least 5 minutes.
 */
export function checkSlot(draft: SlotDraft, check: { creating: boolean; batch: boolean }): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.startTime) errors.start_time = AVAILABILITY_MESSAGES.startRequired;
  if (draft.endInvalid) errors.end_time = AVAILABILITY_MESSAGES.timeInvalid;
  else if (draft.startTime && draft.endTime) {
    const length = draft.endTime.getTime() - draft.startTime.getTime();
    if (length <= 0) errors.end_time = AVAILABILITY_MESSAGES.endAfterStart;
    else if (check.batch && length < AVAILABILITY_BATCH.minDurationMinutes * MINUTE)
      errors.end_time = AVAILABILITY_MESSAGES.durationMin;
  }
  const capacity = numberError(draft.capacity, CAPACITY, CAPACITY_MESSAGES);
  if (capacity) errors.capacity = capacity;
  else if (draft.capacity < draft.bookedCount) errors.capacity = AVAILABILITY_MESSAGES.capacityBelowBooked;
  if (draft.price < 0) errors.price = AVAILABILITY_MESSAGES.priceNegative;
  if (check.creating && !(AVAILABILITY_CREATE_STATUSES as readonly string[]).includes(draft.status))
    errors.status = AVAILABILITY_MESSAGES.newStatus;
  return errors;
}

/** A batch's count (1 to 50), then its slots' starts at least 5 minutes apart (docs/product.md#admin-validation, #admin-limits). */
export function checkBatch(drafts: SlotDraft[]): FieldErrors {
  if (!drafts.length) return { slots: AVAILABILITY_MESSAGES.batchEmpty };
  if (drafts.length > AVAILABILITY_BATCH.maxSlots) return { slots: AVAILABILITY_MESSAGES.batchTooMany };
  const errors: FieldErrors = {};
  const timed = drafts
    .map((draft, index) => ({ index, start: draft.startTime?.getTime() }))
    .filter((slot): slot is { index: number; start: number } => slot.start !== undefined)
    .sort((a, b) => a.start - b.start || a.index - b.index);
  for (let i = 1; i < timed.length; i++) {
    const [before, after] = [timed[i - 1]!, timed[i]!];
    if (after.start - before.start < AVAILABILITY_BATCH.minIntervalMinutes * MINUTE)
      errors[`slots.${after.index}.start_time`] = AVAILABILITY_MESSAGES.intervalMin;
  }
  return errors;
}
