import type { Event, UpdateEventBody } from '@linksmate/proto';
import { EVENT_MESSAGES, fromMinorUnits, toMinorUnits } from '@linksmate/proto/rules';

/** The edit dialog's fields as the inputs hold them (times as `datetime-local` text, price in dollars). */
export interface EditValues {
  title: string;
  description: string;
  venue_id: string;
  start_time: string;
  end_time: string;
  capacity: number | string;
  price: number | string;
  currency: string;
  payment_method: string;
  payment_instructions: string;
  status: Event['status'];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` input shows it, in the reader's time zone. */
export function localInput(value: string | null): string {
  if (!value) return '';
  const d = new Date(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const valuesOf = (event: Event): EditValues => ({
  title: event.title,
  description: event.description ?? '',
  venue_id: String(event.venue_id),
  start_time: localInput(event.start_time),
  end_time: localInput(event.end_time),
  capacity: event.capacity,
  price: fromMinorUnits(event.price_per_participant, event.currency),
  currency: event.currency,
  payment_method: event.payment_method ?? '',
  payment_instructions: event.payment_instructions ?? '',
  status: event.status,
});

/** docs/product.md#community-validation "Edit event": title, venue and start required; capacity a whole number from 1. */
export function validate(values: EditValues): Partial<Record<keyof EditValues, string>> {
  const errors: Partial<Record<keyof EditValues, string>> = {};
  if (!values.title.trim()) errors.title = EVENT_MESSAGES.titleRequired;
  if (!values.venue_id) errors.venue_id = EVENT_MESSAGES.venueRequired;
  if (!values.start_time) errors.start_time = EVENT_MESSAGES.startRequired;
  const capacity = Number(values.capacity);
  if (values.capacity === '' || !Number.isInteger(capacity) || capacity < 1)
    errors.capacity = EVENT_MESSAGES.editCapacity;
  if (values.start_time && values.end_time && new Date(values.end_time) <= new Date(values.start_time))
    errors.end_time = EVENT_MESSAGES.endAfterStart;
  if (values.price !== '' && Number(values.price) < 0) errors.price = EVENT_MESSAGES.priceNegative;
  return errors;
}

/** docs/product.md#community-validation: only the fields that changed are sent; an empty body means 'No changes to save'. */
export function changesOf(event: Event, values: EditValues): UpdateEventBody {
  const before = valuesOf(event);
  const body: UpdateEventBody = {};
  if (values.title.trim() !== before.title) body.title = values.title.trim();
  if (values.description.trim() !== before.description.trim())
    body.description = values.description.trim() || null;
  if (values.venue_id !== before.venue_id) body.venue_id = Number(values.venue_id);
  if (values.start_time !== before.start_time) body.start_time = new Date(values.start_time).toISOString();
  if (values.end_time !== before.end_time)
    body.end_time = values.end_time ? new Date(values.end_time).toISOString() : null;
  if (Number(values.capacity) !== event.capacity) body.capacity = Number(values.capacity);
  // Minor units of the currency the event will have (a price typed as 1500 stays 1500 yen).
  const price = toMinorUnits(values.price || 0, values.currency);
  if (price !== event.price_per_participant) body.price_per_participant = price;
  if (values.currency !== before.currency) body.currency = values.currency as UpdateEventBody['currency'];
  if (values.status !== before.status) body.status = values.status;
  if (values.payment_method && values.payment_method !== before.payment_method)
    body.payment_method = values.payment_method as NonNullable<Event['payment_method']>;
  if (values.payment_instructions.trim() !== before.payment_instructions.trim())
    body.payment_instructions = values.payment_instructions.trim() || null;
  return body;
}

const EDIT_FIELDS: Record<keyof EditValues, true> = {
  title: true,
  description: true,
  venue_id: true,
  start_time: true,
  end_time: true,
  capacity: true,
  price: true,
  currency: true,
  payment_method: true,
  payment_instructions: true,
  status: true,
};

/** Where the server's name for a field is on the form (the price is `price_per_participant` there). */
export const editPathOf = (serverField: string): string | undefined =>
  serverField === 'price_per_participant' ? 'price' : serverField in EDIT_FIELDS ? serverField : undefined;
