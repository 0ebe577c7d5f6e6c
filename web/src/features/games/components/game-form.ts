import type { CreateMemberGameBody } from '@linksmate/proto';
import {
  CREATE_CURRENCIES,
  type Currency,
  DEFAULT_CURRENCY,
  DEFAULT_PAYMENT_METHOD,
  EVENT_MESSAGES,
  HANDICAP,
  MEMBER_GAME_CAPACITY,
  type PAYMENT_METHODS,
  type SkillLevel,
  toMinorUnits,
} from '@linksmate/proto/rules';
import dayjs from 'dayjs';
import { DEFAULT_GAME_HOURS, nextFullHour } from './game-times';

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What the Create Game form holds: the price in dollars as typed, times as dates. */
export interface GameFormValues {
  title: string;
  description: string;
  venue_id: number | null;
  start_time: Date | null;
  end_time: Date | null;
  capacity: number | string;
  /** Dollars (and cents after the point); sent as integer cents. */
  price: number | string;
  currency: Currency;
  payment_method: PaymentMethod;
  payment_instructions: string;
  min_handicap: number | string;
  max_handicap: number | string;
  min_skill_level: SkillLevel | null;
}
export type GameField = keyof GameFormValues;

/** The form's fields in the order they appear, so the first with an error is the one scrolled to. */
export const GAME_FIELD_ORDER: GameField[] = [
  'title',
  'description',
  'venue_id',
  'start_time',
  'end_time',
  'capacity',
  'price',
  'currency',
  'payment_method',
  'payment_instructions',
  'min_handicap',
  'max_handicap',
  'min_skill_level',
];

export const gameFieldId = (field: GameField) => `game-${field.replaceAll('_', '-')}`;

/** The server's rule beyond the spec (the same words it answers with). */

export const CURRENCY_OPTIONS = [...CREATE_CURRENCIES];
export const PAYMENT_METHOD_OPTIONS: Array<{ value: PaymentMethod; label: string }> = [
  { value: 'pay_at_venue', label: 'Pay at venue' },
  { value: 'pay_event_creator', label: 'Pay the organiser' },
];

/** Spec 2: start at the next full hour, end four hours later, four players, free, AUD, pay at venue. */
export function initialGameValues(): GameFormValues {
  const start = nextFullHour();
  return {
    title: '',
    description: '',
    venue_id: null,
    start_time: start.toDate(),
    end_time: start.add(DEFAULT_GAME_HOURS, 'hour').toDate(),
    capacity: MEMBER_GAME_CAPACITY.default,
    price: 0,
    currency: DEFAULT_CURRENCY as Currency,
    payment_method: DEFAULT_PAYMENT_METHOD,
    payment_instructions: '',
    min_handicap: '',
    max_handicap: '',
    min_skill_level: null,
  };
}

const numberOrNull = (value: number | string): number | null =>
  value === '' || value === null || Number.isNaN(Number(value)) ? null : Number(value);

/** The price as typed → whole minor units (12.5 dollars → 1250 cents; 1500 yen → 1500); empty is free. */
export const centsOf = (price: number | string, currency: string) =>
  toMinorUnits(numberOrNull(price) ?? 0, currency);

export const isFree = (values: Pick<GameFormValues, 'price' | 'currency'>) =>
  centsOf(values.price, values.currency) === 0;

/** docs/product.md#community-validation: the client's courtesy checks, with the spec's messages (the server checks the same). */
export function validateGame(values: GameFormValues): Partial<Record<GameField, string>> {
  const errors: Partial<Record<GameField, string>> = {};
  if (!values.title.trim()) errors.title = EVENT_MESSAGES.titleRequired;
  if (values.venue_id === null) errors.venue_id = EVENT_MESSAGES.venueRequired;
  if (!values.start_time) errors.start_time = EVENT_MESSAGES.startRequired;
  if (values.start_time && values.end_time && values.end_time.getTime() <= values.start_time.getTime())
    errors.end_time = EVENT_MESSAGES.endAfterStart;
  const capacity = numberOrNull(values.capacity);
  if (capacity === null || capacity < MEMBER_GAME_CAPACITY.min) errors.capacity = EVENT_MESSAGES.capacityMin;
  else if (capacity > MEMBER_GAME_CAPACITY.max) errors.capacity = EVENT_MESSAGES.capacityMax;
  else if (!Number.isInteger(capacity)) errors.capacity = EVENT_MESSAGES.capacityWhole;
  const price = numberOrNull(values.price);
  if (price !== null && price < 0) errors.price = EVENT_MESSAGES.priceNegative;
  for (const field of ['min_handicap', 'max_handicap'] as const) {
    const handicap = numberOrNull(values[field]);
    if (handicap !== null && (handicap < HANDICAP.min || handicap > HANDICAP.max))
      errors[field] = HANDICAP.rangeMessage;
  }
  const min = numberOrNull(values.min_handicap);
  const max = numberOrNull(values.max_handicap);
  if (min !== null && max !== null && min > max && !errors.min_handicap)
    errors.min_handicap = EVENT_MESSAGES.handicapOrder;
  return errors;
}

/** The body of POST /member-games: cents, ISO times; a free game leaves out how to pay (spec 2). */
export function gameBodyOf(values: GameFormValues): CreateMemberGameBody {
  const cents = centsOf(values.price, values.currency);
  const body: CreateMemberGameBody = {
    title: values.title.trim(),
    description: values.description.trim() || undefined,
    venue_id: values.venue_id ?? undefined,
    start_time: values.start_time ? dayjs(values.start_time).toISOString() : undefined,
    end_time: values.end_time ? dayjs(values.end_time).toISOString() : undefined,
    capacity: Number(values.capacity),
    price_per_participant: cents,
    currency: values.currency,
  };
  if (cents > 0) {
    body.payment_method = values.payment_method;
    const instructions = values.payment_instructions.trim();
    if (instructions) body.payment_instructions = instructions;
  }
  const min = numberOrNull(values.min_handicap);
  const max = numberOrNull(values.max_handicap);
  if (min !== null) body.min_handicap = min;
  if (max !== null) body.max_handicap = max;
  if (values.min_skill_level) body.min_skill_level = values.min_skill_level;
  return body;
}

/** The server names fields as the body does; the form shows them at its own. */
const SERVER_FIELDS: Record<string, GameField> = {
  title: 'title',
  description: 'description',
  venue_id: 'venue_id',
  start_time: 'start_time',
  end_time: 'end_time',
  capacity: 'capacity',
  price_per_participant: 'price',
  currency: 'currency',
  payment_method: 'payment_method',
  payment_instructions: 'payment_instructions',
  min_handicap: 'min_handicap',
  max_handicap: 'max_handicap',
  min_skill_level: 'min_skill_level',
};

/** A 422's field errors, at the form's fields; the ones it has no field for, apart. */
export function serverFieldErrors(errors: Record<string, string>) {
  const known: Partial<Record<GameField, string>> = {};
  const other: string[] = [];
  for (const [field, message] of Object.entries(errors)) {
    const mine = SERVER_FIELDS[field];
    if (mine) known[mine] = message;
    else other.push(message);
  }
  return { known, other };
}

export function firstInvalidGameField(errors: Record<string, unknown>): GameField | undefined {
  return GAME_FIELD_ORDER.find((field) => errors[field]);
}
