import { type UpdateEventBody, unwrap } from '@linksmate/proto';
import type { EventRow, NewEvent } from '../../db/types';
import { type EventDraft, formText, formTime } from './draft';

/** The event as its rules see it. */
export function draftOf(row: EventRow): EventDraft {
  return {
    eventType: row.eventType,
    title: row.title || null,
    description: row.description,
    venueId: row.venueId ?? null,
    startTime: row.startTime ?? null,
    endTime: row.endTime,
    capacity: row.capacity,
    pricePerParticipant: row.pricePerParticipant,
    currency: row.currency,
    paymentMethod: row.paymentMethod,
    paymentInstructions: row.paymentInstructions,
    minHandicap: row.minHandicap,
    maxHandicap: row.maxHandicap,
    minSkillLevel: row.minSkillLevel,
  };
}

const sameValue = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date
    ? (a as Date | null)?.getTime() === (b as Date | null)?.getTime()
    : a === b;

/**
 * The fields of a partial edit that differ from the event (docs/product.md#community-validation: only changed fields count;
 * none is 'No changes to save'). A field sent empty becomes null, which the rules then judge: a
 * required one is refused with its message, an optional one is cleared.
 */
export function changesOf(event: EventRow, body: UpdateEventBody): Partial<NewEvent> {
  const sent: Partial<Record<keyof NewEvent, unknown>> = {};
  if (body.title !== undefined) sent.title = formText(body.title) ?? '';
  if (body.description !== undefined) sent.description = formText(body.description) ?? null;
  if (body.venue_id !== undefined) sent.venueId = unwrap<number>(body.venue_id) ?? null;
  if (body.start_time !== undefined) sent.startTime = formTime(body.start_time) ?? null;
  if (body.end_time !== undefined) sent.endTime = formTime(body.end_time) ?? null;
  // An emptied capacity is no capacity: 'Please enter a valid capacity'.
  if (body.capacity !== undefined) sent.capacity = unwrap<number>(body.capacity) ?? 0;
  if (body.price_per_participant !== undefined)
    sent.pricePerParticipant = unwrap<number>(body.price_per_participant) ?? 0;
  if (body.currency !== undefined) sent.currency = body.currency;
  if (body.status !== undefined) sent.status = body.status;
  if (body.payment_method !== undefined) sent.paymentMethod = unwrap<string>(body.payment_method) ?? null;
  if (body.payment_instructions !== undefined)
    sent.paymentInstructions = formText(body.payment_instructions) ?? null;
  if (body.min_handicap !== undefined) sent.minHandicap = unwrap<number>(body.min_handicap) ?? null;
  if (body.max_handicap !== undefined) sent.maxHandicap = unwrap<number>(body.max_handicap) ?? null;
  if (body.min_skill_level !== undefined) sent.minSkillLevel = unwrap<string>(body.min_skill_level) ?? null;
  const current = event as unknown as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(sent).filter(([key, value]) => !sameValue(current[key], value)),
  ) as Partial<NewEvent>;
}
