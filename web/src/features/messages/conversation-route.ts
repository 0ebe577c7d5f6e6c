import { MESSAGING_MESSAGES } from '@linksmate/proto/rules';
import type { ConversationType } from '../../lib/paths';

/** What `/messages/{type}/{id}` names: a conversation to open, none, or why it names none (docs/product.md#community-errors). */
export type ConversationRoute =
  | { kind: 'none' }
  | { kind: 'open'; type: ConversationType; id: number }
  | { kind: 'invalid'; message: string };

/**
 * The conversation the address names: `/messages/direct/12`, `/messages/event/7` (ids as numbers).
 * A type that is neither, or an id that is no positive whole number, is said in the spec's words
 * ('Invalid conversation type: foo', 'Invalid user ID', 'Invalid event ID') rather than passed over.
 */
export function conversationFromRoute(type: string | undefined, id: string | undefined): ConversationRoute {
  if (type === undefined) return { kind: 'none' };
  if (type !== 'direct' && type !== 'event')
    return { kind: 'invalid', message: MESSAGING_MESSAGES.invalidConversationType(type) };
  const number = /^\d+$/.test(id ?? '') ? Number(id) : Number.NaN;
  if (!Number.isSafeInteger(number) || number <= 0)
    return {
      kind: 'invalid',
      message: type === 'direct' ? MESSAGING_MESSAGES.invalidUserId : MESSAGING_MESSAGES.invalidEventId,
    };
  return { kind: 'open', type, id: number };
}
