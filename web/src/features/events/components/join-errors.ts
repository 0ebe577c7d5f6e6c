import { EVENT_MESSAGES } from '@linksmate/proto/rules';
import { ApiError } from '../../../lib/api-client';

const EVENT_TEXTS = new Set<string>(Object.values(EVENT_MESSAGES));

/**
 * What to show for a failed call: nothing for a 402 (the app shows the spec's membership notice once,
 * app-wide, and sends the person on), the server's own sentence for a refusal it explains (full,
 * already joined, a handicap gate, a validation message), and the spec's fallback for anything else
 * (a server fault or a lost connection).
 */
export function failureText(error: unknown, fallback: string): string | null {
  if (error instanceof ApiError) {
    if (error.membershipRequired) return null;
    // A 404 names a missing event or booking in the service's words; any other 404 (a route the
    // server lacks) means nothing to the person.
    if (error.status === 404) return EVENT_TEXTS.has(error.message) ? error.message : fallback;
    if (error.status >= 400 && error.status < 500 && error.status !== 401 && error.message)
      return error.message;
  }
  return fallback;
}
