import Type from 'typebox';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, NOTIFICATION_PAGE_SIZE } from '../rules';
import { Id, Int, Nullable, Timestamp } from '../schema';
import { Limit, Offset } from './common';

/**
 * messaging's notification centre (beyond the spec: issue 28): a person's own notifications, newest
 * first, and how each kind reaches them. Only the recipient ever sees one: another's id answers 404.
 */

const NotificationKindSchema = Type.Enum(NOTIFICATION_KINDS);
const NotificationChannelSchema = Type.Enum(NOTIFICATION_CHANNELS);

export const Notification = Type.Object({
  id: Id,
  kind: NotificationKindSchema,
  title: Type.String(),
  body: Type.String(),
  /** Where it leads in the app: a path on our own origin. */
  link: Type.String(),
  /** How many things it stands for (direct messages of one conversation collapse into one). */
  count: Int({ minimum: 1 }),
  created_at: Timestamp,
  read_at: Nullable(Timestamp),
});
export type Notification = Type.Static<typeof Notification>;

export const NotificationsQuery = Type.Object({
  limit: Type.Optional(Limit(NOTIFICATION_PAGE_SIZE, 100)),
  offset: Type.Optional(Offset),
});
export type NotificationsQuery = Type.Static<typeof NotificationsQuery>;

export const NotificationsReply = Type.Object({
  notifications: Type.Array(Notification),
  unread_count: Int({ minimum: 0 }),
  total: Int({ minimum: 0 }),
  limit: Int({ minimum: 1 }),
  offset: Int({ minimum: 0 }),
});
export type NotificationsReply = Type.Static<typeof NotificationsReply>;

export const NotificationUnreadReply = Type.Object({ unread_count: Int({ minimum: 0 }) });
export type NotificationUnreadReply = Type.Static<typeof NotificationUnreadReply>;

export const NotificationReadReply = Type.Object({
  notification: Notification,
  unread_count: Int({ minimum: 0 }),
});
export type NotificationReadReply = Type.Static<typeof NotificationReadReply>;

export const NotificationPreference = Type.Object({
  kind: NotificationKindSchema,
  channel: NotificationChannelSchema,
});
export type NotificationPreference = Type.Static<typeof NotificationPreference>;

/** Every kind with its channel (the default where the person chose none). */
export const NotificationPreferencesReply = Type.Object({ preferences: Type.Array(NotificationPreference) });
export type NotificationPreferencesReply = Type.Static<typeof NotificationPreferencesReply>;

/** The kinds to change; the others stay as they are. */
export const NotificationPreferencesBody = Type.Object(
  { preferences: Type.Array(NotificationPreference, { minItems: 1, maxItems: NOTIFICATION_KINDS.length }) },
  { additionalProperties: false },
);
export type NotificationPreferencesBody = Type.Static<typeof NotificationPreferencesBody>;
