import type { AvailabilitySlot, AvailabilitySlotFields } from '@linksmate/proto';
import {
  AVAILABILITY_BATCH,
  AVAILABILITY_CREATE_STATUSES,
  AVAILABILITY_DEFAULTS,
  AVAILABILITY_MESSAGES,
  AVAILABILITY_SLOT_STATUSES,
  AVAILABILITY_SLOT_TYPES,
  type AvailabilitySlotStatus,
  type AvailabilitySlotType,
  EVENT_MESSAGES,
  fromMinorUnits,
  toMinorUnits,
} from '@linksmate/proto/rules';
import dayjs from 'dayjs';
import { ApiError } from '../../../lib/api-client';
import { refusedFields } from '../../../lib/form-errors';

/** docs/product.md#admin-errors "Availability": the generic failures of loading, creating, updating and deleting. */
export const SLOT_TEXTS = {
  loadFailed: 'Failed to load availability slots',
  createFailed: 'Failed to create slot',
  batchFailed: 'Failed to create slots',
  updateFailed: 'Failed to update slot',
  deleteFailed: 'Failed to delete slot',
  fixErrors: 'Please fix the errors in the form.',
} as const;

/** Field errors at the form's paths (a slot's or a batch's values), as `useForm` holds them. */
export type SlotErrors = Partial<Record<keyof SlotValues | keyof BatchValues, string>>;

/** What every slot of a form shares (one slot, or each of a batch). */
export interface SlotCommon {
  slotType: AvailabilitySlotType;
  /** Dollars as typed. */
  price: number | string;
  capacity: number | string;
  status: AvailabilitySlotStatus;
  notes: string;
  /** A facility admin's slot is at one of their venues. */
  venueId: string | null;
}

export interface SlotValues extends SlotCommon {
  start: Date | null;
  end: Date | null;
}

export interface BatchValues extends SlotCommon {
  firstStart: Date | null;
  intervalMinutes: number | string;
  count: number | string;
  durationMinutes: number | string;
}

const SLOT_TYPE_LABELS: Record<AvailabilitySlotType, string> = {
  individual: 'Individual',
  group: 'Group',
  event: 'Event',
};
export const slotTypeLabel = (type: AvailabilitySlotType) => SLOT_TYPE_LABELS[type] ?? type;
export const SLOT_TYPE_OPTIONS = AVAILABILITY_SLOT_TYPES.map((value) => ({
  value,
  label: SLOT_TYPE_LABELS[value],
}));

const STATUS_LABELS: Record<AvailabilitySlotStatus, string> = {
  active: 'Active',
  pending: 'Pending',
  booked: 'Booked',
  canceled: 'Canceled',
};
export const slotStatusLabel = (status: AvailabilitySlotStatus) => STATUS_LABELS[status] ?? status;
export const SLOT_STATUS_COLOURS: Record<AvailabilitySlotStatus, string> = {
  active: 'green',
  pending: 'yellow',
  booked: 'blue',
  canceled: 'gray',
};
/** docs/product.md#admin-states: a new slot is active or pending; editing offers all four. */
export const CREATE_STATUS_OPTIONS = AVAILABILITY_CREATE_STATUSES.map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));
export const EDIT_STATUS_OPTIONS = AVAILABILITY_SLOT_STATUSES.map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));

/** docs/product.md#admin-limits: individual, free, one place, active. */
export const newCommon = (): SlotCommon => ({
  slotType: AVAILABILITY_DEFAULTS.slotType,
  price: AVAILABILITY_DEFAULTS.price,
  capacity: AVAILABILITY_DEFAULTS.capacity,
  status: AVAILABILITY_DEFAULTS.status,
  notes: '',
  venueId: null,
});

export const newSlotValues = (): SlotValues => ({ ...newCommon(), start: null, end: null });

export const newBatchValues = (): BatchValues => ({
  ...newCommon(),
  firstStart: null,
  intervalMinutes: AVAILABILITY_BATCH.defaultIntervalMinutes,
  count: AVAILABILITY_BATCH.defaultCount,
  durationMinutes: AVAILABILITY_BATCH.defaultDurationMinutes,
});

export const valuesOf = (slot: AvailabilitySlot): SlotValues => ({
  start: new Date(slot.start_time),
  end: slot.end_time ? new Date(slot.end_time) : null,
  slotType: slot.slot_type,
  price: fromMinorUnits(slot.price),
  capacity: slot.capacity,
  status: slot.status,
  notes: slot.notes_for_admin ?? '',
  venueId: slot.venue_id === null ? null : String(slot.venue_id),
});

const number = (value: number | string) => (value === '' ? Number.NaN : Number(value));

/** docs/product.md#admin-validation: capacity a whole number from 1, no negative price; a facility admin names their venue. */
function checkCommon(values: SlotCommon, needsVenue: boolean): SlotErrors {
  const errors: SlotErrors = {};
  const capacity = number(values.capacity);
  if (!Number.isFinite(capacity) || capacity < 1) errors.capacity = AVAILABILITY_MESSAGES.capacityMin;
  else if (!Number.isInteger(capacity)) errors.capacity = AVAILABILITY_MESSAGES.capacityWhole;
  if (number(values.price) < 0) errors.price = AVAILABILITY_MESSAGES.priceNegative;
  if (needsVenue && !values.venueId) errors.venueId = EVENT_MESSAGES.venueRequired;
  return errors;
}

/** docs/product.md#admin-validation: a start is required; an end, if given, comes after it. */
export function checkSlotValues(values: SlotValues, needsVenue: boolean): SlotErrors {
  const errors = checkCommon(values, needsVenue);
  if (!values.start) errors.start = AVAILABILITY_MESSAGES.startRequired;
  else if (values.end && values.end.getTime() <= values.start.getTime())
    errors.end = AVAILABILITY_MESSAGES.endAfterStart;
  return errors;
}

/**
 * docs/product.md#admin-validation, #admin-limits: a first start, slots 5 minutes apart or more, 1 to 50 of them, 5 minutes long or
 * more, each a whole number as the dialog's inputs are.
 */
export function checkBatchValues(values: BatchValues, needsVenue: boolean): SlotErrors {
  const errors = checkCommon(values, needsVenue);
  if (!values.firstStart) errors.firstStart = AVAILABILITY_MESSAGES.startRequired;
  const interval = number(values.intervalMinutes);
  if (!Number.isFinite(interval) || interval < AVAILABILITY_BATCH.minIntervalMinutes)
    errors.intervalMinutes = AVAILABILITY_MESSAGES.intervalMin;
  else if (!Number.isInteger(interval)) errors.intervalMinutes = AVAILABILITY_MESSAGES.intervalWhole;
  const count = number(values.count);
  if (!Number.isFinite(count) || count < 1) errors.count = AVAILABILITY_MESSAGES.batchEmpty;
  else if (count > AVAILABILITY_BATCH.maxSlots) errors.count = AVAILABILITY_MESSAGES.batchTooMany;
  else if (!Number.isInteger(count)) errors.count = AVAILABILITY_MESSAGES.batchCountWhole;
  const duration = number(values.durationMinutes);
  if (!Number.isFinite(duration) || duration < AVAILABILITY_BATCH.minDurationMinutes)
    errors.durationMinutes = AVAILABILITY_MESSAGES.durationMin;
  else if (!Number.isInteger(duration)) errors.durationMinutes = AVAILABILITY_MESSAGES.durationWhole;
  return errors;
}

/** The times a batch makes: `count` slots from the first start, `interval` apart, `duration` long. */
export function batchTimes(values: BatchValues): Array<{ start: Date; end: Date }> {
  const count = Math.min(number(values.count), AVAILABILITY_BATCH.maxSlots);
  const interval = number(values.intervalMinutes);
  const duration = number(values.durationMinutes);
  if (!values.firstStart || !(count >= 1) || !(interval > 0) || !(duration > 0)) return [];
  return Array.from({ length: Math.floor(count) }, (_, i) => {
    const start = dayjs(values.firstStart).add(i * interval, 'minute');
    return { start: start.toDate(), end: start.add(duration, 'minute').toDate() };
  });
}

/** The shared fields as the server takes them: the price in cents, the currency fixed to AUD. */
function commonBody(values: SlotCommon, withVenue: boolean): AvailabilitySlotFields {
  return {
    slot_type: values.slotType,
    price: toMinorUnits(values.price),
    currency: AVAILABILITY_DEFAULTS.currency,
    capacity: number(values.capacity),
    status: values.status,
    notes_for_admin: values.notes.trim() || null,
    ...(withVenue && values.venueId ? { venue_id: Number(values.venueId) } : {}),
  };
}

/** A slot's body: for an edit the end is sent as null when cleared. */
export const slotBody = (values: SlotValues, withVenue: boolean): AvailabilitySlotFields => ({
  ...commonBody(values, withVenue),
  start_time: values.start?.toISOString() ?? null,
  end_time: values.end?.toISOString() ?? null,
});

export const batchBody = (values: BatchValues, withVenue: boolean): AvailabilitySlotFields[] =>
  batchTimes(values).map(({ start, end }) => ({
    ...commonBody(values, withVenue),
    start_time: start.toISOString(),
    end_time: end.toISOString(),
  }));

const SLOT_PATHS: Record<string, keyof SlotValues> = {
  start_time: 'start',
  end_time: 'end',
  slot_type: 'slotType',
  price: 'price',
  capacity: 'capacity',
  status: 'status',
  notes_for_admin: 'notes',
  venue_id: 'venueId',
};

/**
 * Where the server's name for a field is on a slot's form, or on a batch's: a batch's
 * `slots.3.capacity` is its capacity, its slots' times are the first start and the length.
 */
export function slotPathOf(serverField: string, batch: boolean): string | undefined {
  const field = serverField.replace(/^slots\.\d+\./, '');
  if (!batch) return SLOT_PATHS[field];
  if (field === 'start_time') return 'firstStart';
  if (field === 'end_time') return 'durationMinutes';
  return SLOT_PATHS[field];
}

/**
 * A refusal's field errors at the form's paths, and the sentence to show above the buttons: a
 * batch's refusal of its slots as a whole (`slots`) is named there, as is any field the form lacks.
 */
export function refusalOf(
  error: unknown,
  generic: string,
  batch = false,
): { errors: SlotErrors; message: string } {
  if (!(error instanceof ApiError)) return { errors: {}, message: generic };
  const refused = refusedFields(error, (field) => slotPathOf(field, batch));
  if (!refused) return { errors: {}, message: `${generic}: ${error.message}` };
  const detail = refused.other.length ? refused.other.join(' ') : SLOT_TEXTS.fixErrors;
  return { errors: refused.fields, message: `${generic}: ${detail}` };
}
