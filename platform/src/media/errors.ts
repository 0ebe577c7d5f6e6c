/** What the media checks say about a file; each service words its own answer (status, message, field). */
export type MediaRejection =
  /** Not one of the accepted types by its content, or it carries something no such file carries. */
  | 'invalid_type'
  /** Of an accepted type by its first bytes, but it does not decode (truncated, corrupt, too large in pixels). */
  | 'unreadable'
  /** More bytes than the limit of its kind. */
  | 'too_large'
  /** The upload broke off before its end (the body was cut short or malformed). */
  | 'incomplete';

export type MediaKind = 'image' | 'video';

export class MediaRejected extends Error {
  constructor(
    readonly reason: MediaRejection,
    /** The kind the file's first bytes declared, when they declared one. */
    readonly kind?: MediaKind,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'MediaRejected';
  }
}
