import type { CreateOfficialEventBody, NewTicketType } from '@linksmate/proto';
import {
  CREATE_CURRENCIES,
  type Currency,
  DEFAULT_CURRENCY,
  DEFAULT_SLOT_TYPE_NAME,
  EVENT_MESSAGES,
  OFFICIAL_EVENT_CAPACITY,
  toMinorUnits,
} from '@linksmate/proto/rules';
import dayjs from 'dayjs';
import { randomId } from '../../../lib/random-id';

/** docs/product.md#admin-entities "Ticket (slot) type" as the form holds it; the price in the currency's units as typed. */
export interface SlotTypeValues {
  /** The row's identity while it is edited (never sent). */
  key: string;
  name: string;
  description: string;
  free: boolean;
  price: number | string;
  currency: Currency;
  active: boolean;
}

export interface EventValues {
  title: string;
  description: string;
  venueId: string | null;
  coachId: string | null;
  start: Date | null;
  end: Date | null;
  capacity: number | string;
  slotTypes: SlotTypeValues[];
}

/** Field errors at the form's paths (`venueId`, `slotTypes.1.name`), as `useForm` holds them. */
export type EventErrors = Record<string, string>;

/** The length an event's end defaults to after its start. */
export const DEFAULT_EVENT_HOURS = 4;
export const CURRENCY_OPTIONS = CREATE_CURRENCIES.map((code) => ({ value: code, label: code }));

/** docs/product.md#admin-limits: a new slot type is free, named 'Standard Admission', in AUD, active. */
export const newSlotType = (): SlotTypeValues => ({
  key: randomId(),
  name: DEFAULT_SLOT_TYPE_NAME,
  description: '',
  free: true,
  price: 0,
  currency: DEFAULT_CURRENCY as Currency,
  active: true,
});

export const newEventValues = (): EventValues => ({
  title: '',
  description: '',
  venueId: null,
  coachId: null,
  start: null,
  end: null,
  capacity: OFFICIAL_EVENT_CAPACITY.default,
  slotTypes: [newSlotType()],
});

/** docs/product.md#admin-sections: the end defaults after the start; a later end stays as it was. */
export function endAfterStart(start: Date | null, end: Date | null): Date | null {
  if (!start || (end && end.getTime() > start.getTime())) return end;
  return dayjs(start).add(DEFAULT_EVENT_HOURS, 'hour').toDate();
}

const number = (value: number | string) => (value === '' ? Number.NaN : Number(value));

/** docs/product.md#admin-validation "Create event", in the form's order; the errors at the form's paths. */
export function checkEvent(values: EventValues, now = new Date()): EventErrors {
  const errors: EventErrors = {};
  if (!values.title.trim()) errors.title = EVENT_MESSAGES.officialTitleRequired;
  if (!values.venueId) errors.venueId = EVENT_MESSAGES.venueRequired;
  if (!values.start) errors.start = EVENT_MESSAGES.officialStartRequired;
  else if (values.start.getTime() < now.getTime()) errors.start = EVENT_MESSAGES.startInPast;
  if (values.start && values.end && values.end.getTime() <= values.start.getTime())
    errors.end = EVENT_MESSAGES.endAfterStart;
  const capacity = number(values.capacity);
  if (!Number.isFinite(capacity) || capacity < OFFICIAL_EVENT_CAPACITY.min)
    errors.capacity = EVENT_MESSAGES.officialCapacityMin;
  else if (capacity > OFFICIAL_EVENT_CAPACITY.max) errors.capacity = EVENT_MESSAGES.officialCapacityMax;
  else if (!Number.isInteger(capacity)) errors.capacity = EVENT_MESSAGES.officialCapacityWhole;
  if (values.slotTypes.length === 0) errors.slotTypes = EVENT_MESSAGES.slotTypeRequired;
  values.slotTypes.forEach((slot, i) => {
    if (!slot.name.trim()) errors[`slotTypes.${i}.name`] = EVENT_MESSAGES.slotTypeNameRequired;
    if (!slot.free && number(slot.price) < 0) errors[`slotTypes.${i}.price`] = EVENT_MESSAGES.priceNegative;
  });
  return errors;
}

/** The slot types as the server takes them: prices in minor units (cents; whole yen), 0 when free. */
export const ticketTypesOf = (values: EventValues): NewTicketType[] =>
  values.slotTypes.map((slot) => ({
    name: slot.name.trim(),
    description: slot.description.trim() || undefined,
    price_per_ticket: slot.free ? 0 : toMinorUnits(slot.price, slot.currency),
    currency: slot.currency,
    is_active: slot.active,
  }));

/** The event without its slot types (the fallback sends it alone). */
export const eventBodyOf = (values: EventValues): Omit<CreateOfficialEventBody, 'ticket_types'> => ({
  title: values.title.trim(),
  description: values.description.trim() || undefined,
  venue_id: Number(values.venueId),
  start_time: values.start?.toISOString(),
  end_time: values.end?.toISOString(),
  capacity: number(values.capacity),
  coach_profile_id: values.coachId ? Number(values.coachId) : undefined,
  currency: values.slotTypes[0]?.currency ?? (DEFAULT_CURRENCY as Currency),
});

const EVENT_PATHS: Record<string, string> = {
  title: 'title',
  description: 'description',
  venue_id: 'venueId',
  coach_profile_id: 'coachId',
  start_time: 'start',
  end_time: 'end',
  capacity: 'capacity',
  ticket_types: 'slotTypes',
};
const SLOT_TYPE_PATHS: Record<string, keyof SlotTypeValues> = {
  name: 'name',
  description: 'description',
  price_per_ticket: 'price',
  currency: 'currency',
  is_active: 'active',
};

/** Where the server's name for a field (`ticket_types.1.price_per_ticket`) is on the form. */
export function eventPathOf(serverField: string): string | undefined {
  const slot = /^ticket_types\.(\d+)\.(.+)$/.exec(serverField);
  if (!slot) return EVENT_PATHS[serverField];
  const field = SLOT_TYPE_PATHS[slot[2]!];
  return field && `slotTypes.${slot[1]}.${field}`;
}
