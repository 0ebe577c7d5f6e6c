import { EVENT_MESSAGES } from '@linksmate/proto/rules';
import { ApiError } from '../../../lib/api-client';

const EVENT_TEXTS = new Set<string>(Object.values(EVENT_MESSAGES));

/** Spec 2 §8: the membership notice; the app's 402 handler sends the person on after 2 seconds. */
export const MEMBERSHIP_NOTICE =
  'You need an active membership to access this feature. Redirecting to membership page...';

/**
 * What to show for a failed call: the membership notice for a 402, the server's own sentence for a
 * refusal it explains (full, already joined, a handicap gate, a validation message), and the spec's
 * fallback for anything else (a server fault or a lost connection).
 */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.membershipRequired) return MEMBERSHIP_NOTICE;
    // A 404 names a missing event or booking in the service's words; any other 404 (a route the
    // server lacks) means nothing to the person.
    if (error.status === 404) return EVENT_TEXTS.has(error.message) ? error.message : fallback;
    if (error.status >= 400 && error.status < 500 && error.status !== 401 && error.message)
      return error.message;
  }
  return fallback;
}
