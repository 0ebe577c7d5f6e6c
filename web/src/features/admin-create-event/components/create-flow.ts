import type { CreateOfficialEventBody, NewTicketType } from '@linksmate/proto';
import { ApiError } from '../../../lib/api-client';
import { addTicketTypes } from '../api/add-ticket-types';
import { createOfficialEvent } from '../api/create-official-event';

/** docs/product.md#admin-errors "Event creation": what the admin reads once the calls are done. */
export const CREATE_EVENT_TEXTS = {
  created: 'Event created successfully',
  fixErrors: 'Please fix the errors in the form.',
  failed: 'Failed to create event. Please try again.',
  typesFailed:
    'The event was created, but its slot types could not be saved. You can add slot types to it later.',
  unclearReply:
    'The event may have been created, but the reply was not as expected. Please check the events list.',
} as const;

/** How a creation ended: fully, without its slot types, or with a reply that could not be read. */
export type CreateOutcome =
  | { kind: 'created'; eventId: number }
  | { kind: 'types-failed'; eventId: number }
  | { kind: 'unclear' };

/** The new event's id from a reply (`{event: {id}}`, or a bare event), null when the shape is unusable. */
function eventIdOf(reply: unknown): number | null {
  if (!reply || typeof reply !== 'object') return null;
  const event = 'event' in reply ? (reply as { event: unknown }).event : reply;
  const id = event && typeof event === 'object' ? (event as { id?: unknown }).id : undefined;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * A refusal the form can answer (the fields were wrong, or the caller may not) ends the creation;
 * anything else (no answer, a server fault, the call not found) tries the fallback.
 */
const fallsBack = (error: unknown) =>
  !(error instanceof ApiError) || error.status >= 500 || error.status === 404 || error.status === 405;

async function addTypes(eventId: number, ticketTypes: NewTicketType[]): Promise<CreateOutcome> {
  try {
    await addTicketTypes(eventId, { ticket_types: ticketTypes });
    return { kind: 'created', eventId };
  } catch {
    return { kind: 'types-failed', eventId };
  }
}

/**
 * The fallback: the event on its own, then its slot types. Its refusal speaks of a call the form did
 * not make (an event without slot types), so the admin reads the general failure instead.
 */
async function fallback(
  event: Omit<CreateOfficialEventBody, 'ticket_types'>,
  ticketTypes: NewTicketType[],
): Promise<CreateOutcome> {
  let reply: unknown;
  try {
    reply = await createOfficialEvent(event);
  } catch {
    throw new Error(CREATE_EVENT_TEXTS.failed);
  }
  const eventId = eventIdOf(reply);
  return eventId === null ? { kind: 'unclear' } : addTypes(eventId, ticketTypes);
}

/**
 * docs/product.md#admin-states "Event creation": the event with its slot types in one call. If that call fails (see
 * `fallsBack`), the event is created on its own and its slot types added to it separately; a reply
 * with the event but not its slot types adds them the same way. A reply without a usable event
 * leaves the outcome unclear (the admin is asked to check the list, not to create it again).
 * Refusals of the form's fields are thrown for the form to show.
 */
export async function createEventWithSlotTypes(
  event: Omit<CreateOfficialEventBody, 'ticket_types'>,
  ticketTypes: NewTicketType[],
): Promise<CreateOutcome> {
  let reply: unknown;
  try {
    reply = await createOfficialEvent({ ...event, ticket_types: ticketTypes });
  } catch (error) {
    if (!fallsBack(error)) throw error;
    return fallback(event, ticketTypes);
  }
  const eventId = eventIdOf(reply);
  if (eventId === null) return { kind: 'unclear' };
  const types = (reply as { ticket_types?: unknown }).ticket_types;
  return Array.isArray(types) ? { kind: 'created', eventId } : addTypes(eventId, ticketTypes);
}
