/**
 * Messaging (spec 2 "Messaging", "Announcements", §§3–9; spec 3 "Platform Announcements").
 * Texts are the spec's own where it has them.
 */

export const CONVERSATION_TYPES = ['direct', 'event'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];

/** Longest message a person can send, in characters (beyond the spec: a chat line, not a document). */
export const MESSAGE_MAX_LENGTH = 4000;
/** Longest announcement, in characters. */
export const ANNOUNCEMENT_MAX_LENGTH = 2000;

/** New messages while away: at most one e-mail per person per this long (opt-out on the profile). */
export const MESSAGE_DIGEST_INTERVAL_MS = 60 * 60 * 1000;
/** A message unread this long counts as missed (the person was away), so it may be mailed. */
export const MESSAGE_DIGEST_AFTER_MS = 10 * 60 * 1000;

/**
 * A conversation's last line in the list: its text, or what its media is. The server lists it so,
 * and the web app writes it so when a pushed message moves a conversation to the top.
 */
export function lastMessageLine(content: string | null, mediaType: string | null): string | null {
  if (content) return content;
  if (mediaType === 'image') return '📷 Photo';
  if (mediaType === 'video') return '🎬 Video';
  return null;
}

/** Who writes announcements when no name is known (spec 2 "Announcements": the product's admin). */
export const DEFAULT_ANNOUNCEMENT_SENDER = 'LinksMate Admin';

export const MESSAGING_MESSAGES = {
  // docs/product.md#community-errors "Messaging"
  receiverRequired: 'Receiver ID is required',
  invalidUserId: 'Invalid user ID',
  invalidConversationType: (type: string) => `Invalid conversation type: ${type}`,
  eventRequired: 'Event ID is required',
  invalidEventId: 'Invalid event ID',
  contentOrMedia: 'Either message content or media must be provided',
  noConversation: 'Cannot send message: No valid conversation selected',
  loadFailed: 'Failed to load conversations. Please try again later.',
  announcementsFailed: 'Failed to load announcements. Please try again later.',
  // Spec 3 "Announcements"
  announcementBlank: 'Announcement content cannot be empty',
  announcementFailed: 'Failed to create announcement. Please try again.',
  // Rules the server keeps (beyond the spec's words)
  notYourself: 'You cannot send a message to yourself',
  userNotFound: 'User not found',
  blocked: 'You cannot message this person',
  eventNotFound: 'Event not found',
  notInEventChat: 'Only the event organiser, its confirmed players and admins can use this chat',
  tooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH} characters`,
  announcementTooLong: `Announcements can be at most ${ANNOUNCEMENT_MAX_LENGTH} characters`,
  mediaUnknown: 'Attach media uploaded through LinksMate',
} as const;

/** Socket.IO: a client asks to follow an event chat live; the gateway lets it only where the chat's rules do. */
export const EVENT_CHAT_JOIN = 'event-chat:join';
export const EVENT_CHAT_LEAVE = 'event-chat:leave';
