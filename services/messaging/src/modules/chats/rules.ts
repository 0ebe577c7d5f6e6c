import { badRequest } from '@linksmate/platform';
import {
  INT4_MAX,
  idFromText,
  MESSAGE_MAX_LENGTH,
  MESSAGING_MESSAGES,
  type SendEventMessageBody,
} from '@linksmate/proto';

/**
 * An id from a path or body, as sent: a JSON number 1 to INT4_MAX, or text in the platform's one
 * canonical form (proto's `idFromText`: `0x10`, `4.0`, `+4`, `04`, ` 4` are no ids). Messaging
 * answers with the spec's own messages; `required` names the missing one.
 */
export function parseId(value: unknown, messages: { required: string; invalid: string }): number {
  if (value === undefined || value === null || value === '')
    throw badRequest(messages.required, 'id_required');
  const id =
    typeof value === 'number'
      ? Number.isInteger(value) && value >= 1 && value <= INT4_MAX
        ? value
        : null
      : idFromText(value);
  if (id === null) throw badRequest(messages.invalid, 'invalid_id');
  return id;
}

export const userIdMessages = {
  required: MESSAGING_MESSAGES.receiverRequired,
  invalid: MESSAGING_MESSAGES.invalidUserId,
};
export const eventIdMessages = {
  required: MESSAGING_MESSAGES.eventRequired,
  invalid: MESSAGING_MESSAGES.invalidEventId,
};

export interface MessageBody {
  content: string | null;
  mediaUrl: string | null;
  mediaType: 'image' | 'video' | null;
  mediaFilename: string | null;
  mediaThumbnailUrl: string | null;
}

/** Where message media lives: only what `POST /upload/message-media` stored may be attached. */
export const MESSAGE_MEDIA_PREFIX = '/uploads/message-media/';

/**
 * What a person sends: text (trimmed; kept as typed, rendered as text, never as HTML) and/or one
 * uploaded picture or video. Neither: the spec's 'Either message content or media must be provided'.
 */
export function messageBody(body: SendEventMessageBody): MessageBody {
  const content = typeof body.content === 'string' && body.content.trim() ? body.content.trim() : null;
  const mediaUrl = typeof body.media_url === 'string' && body.media_url.trim() ? body.media_url.trim() : null;
  if (!content && !mediaUrl) throw badRequest(MESSAGING_MESSAGES.contentOrMedia, 'content_or_media');
  if (content && content.length > MESSAGE_MAX_LENGTH)
    throw badRequest(MESSAGING_MESSAGES.tooLong, 'too_long');
  let mediaType: MessageBody['mediaType'] = null;
  let mediaThumbnailUrl: string | null = null;
  if (mediaUrl) {
    if (!mediaUrl.startsWith(MESSAGE_MEDIA_PREFIX) || mediaUrl.includes('..'))
      throw badRequest(MESSAGING_MESSAGES.mediaUnknown, 'media_unknown');
    // What the upload made tells the kind: pictures are re-encoded to .webp, videos keep a .jpg poster.
    mediaType = mediaUrl.endsWith('.webp') ? 'image' : 'video';
    if (mediaType === 'video') mediaThumbnailUrl = `${mediaUrl.replace(/\.[a-z0-9]+$/, '')}-poster.jpg`;
  }
  const filename = typeof body.media_filename === 'string' ? body.media_filename.trim().slice(0, 255) : '';
  return {
    content,
    mediaUrl,
    mediaType,
    mediaFilename: mediaUrl ? filename || null : null,
    mediaThumbnailUrl,
  };
}
