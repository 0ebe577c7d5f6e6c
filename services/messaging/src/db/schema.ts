import { timestamps } from '@linksmate/platform';
import type { ConversationType, NotificationChannel, NotificationKind } from '@linksmate/proto';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** The messaging database: this service's tables only. */
export { inbox, outbox } from '@linksmate/platform';

const at = (name: string) => timestamp(name, { withTimezone: true });

// ── E-mail ────────────────────────────────────────────────────────────────────
/** Every attempt to deliver an e-mail, sent or refused. */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    id: serial('id').primaryKey(),
    eventId: uuid('event_id').notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    status: text('status').$type<'sent' | 'failed'>().notNull(),
    attempt: integer('attempt').notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_deliveries_event_idx').on(t.eventId),
    index('email_deliveries_recipient_idx').on(t.recipient),
  ],
);

// ── Projections of other contexts (upserts guarded by the source's version) ──
/** People as chats show them, and whom to mail (identity.user.*). */
export const users = pgTable('users', {
  id: integer('id').primaryKey(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  profileImageUrl: text('profile_image_url'),
  role: text('role').notNull(),
  deleted: boolean('deleted').notNull().default(false),
  banned: boolean('banned').notNull().default(false),
  version: integer('version').notNull(),
});

/** Who blocked whom (identity.user.blocked|unblocked): neither may message the other. */
export const blocks = pgTable(
  'blocks',
  {
    blockerUserId: integer('blocker_user_id').notNull(),
    blockedUserId: integer('blocked_user_id').notNull(),
    /** When the latest of block/unblock happened: an older event never undoes a newer one. */
    changedAt: at('changed_at').notNull(),
    active: boolean('active').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerUserId, t.blockedUserId] }),
    index('blocks_blocked_idx').on(t.blockedUserId, t.blockerUserId),
  ],
);

/** Events whose chats exist (events.event.*). */
export const chatEvents = pgTable('chat_events', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  eventType: text('event_type').notNull(),
  status: text('status').notNull(),
  startTime: at('start_time').notNull(),
  creatorUserId: integer('creator_user_id'),
  /** Where it is held and whose coaching it is: which facility and coach admins reach its chat. */
  venueId: integer('venue_id'),
  coachProfileId: integer('coach_profile_id'),
  deleted: boolean('deleted').notNull().default(false),
  version: integer('version').notNull(),
});

/** Who runs each venue (venues.venue.*, `admin_user_ids`): its facility admins reach its events' chats. */
export const venues = pgTable(
  'venues',
  {
    id: integer('id').primaryKey(),
    adminUserIds: integer('admin_user_ids').array().notNull().default(sql`'{}'`),
    deleted: boolean('deleted').notNull().default(false),
    version: integer('version').notNull(),
  },
  (t) => [index('venues_admin_user_ids_idx').using('gin', t.adminUserIds)],
);

/** Whose account holds each coach profile (venues.coach.*): its coach admin reaches its events' chats. */
export const coaches = pgTable(
  'coaches',
  {
    id: integer('id').primaryKey(),
    userId: integer('user_id'),
    deleted: boolean('deleted').notNull().default(false),
    version: integer('version').notNull(),
  },
  (t) => [index('coaches_user_idx').on(t.userId)],
);

/** Who holds a confirmed seat of an event (events.booking.*): they, its creator and admins use its chat. */
export const eventMembers = pgTable(
  'event_members',
  {
    eventId: integer('event_id').notNull(),
    userId: integer('user_id').notNull(),
    confirmed: boolean('confirmed').notNull(),
    /** When the booking last changed: an older booking event never undoes a newer one. */
    changedAt: at('changed_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_members_user_idx').on(t.userId).where(sql`${t.confirmed}`),
  ],
);

// ── Conversations and messages ───────────────────────────────────────────────
/**
 * A direct conversation (one per pair of people, `user_low < user_high`) or an event's chat (one
 * per event). Its last message is kept on it so the conversation list reads one row per chat.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    type: text('type').$type<ConversationType>().notNull(),
    userLow: integer('user_low'),
    userHigh: integer('user_high'),
    eventId: integer('event_id'),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: at('last_message_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'conversations_shape',
      sql`(${t.type} = 'direct' and ${t.userLow} < ${t.userHigh} and ${t.eventId} is null)
        or (${t.type} = 'event' and ${t.eventId} is not null and ${t.userLow} is null and ${t.userHigh} is null)`,
    ),
    uniqueIndex('conversations_pair_key').on(t.userLow, t.userHigh),
    uniqueIndex('conversations_event_key').on(t.eventId),
    index('conversations_high_idx').on(t.userHigh),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id),
    senderUserId: integer('sender_user_id').notNull(),
    receiverUserId: integer('receiver_user_id'),
    eventId: integer('event_id'),
    content: text('content'),
    mediaUrl: text('media_url'),
    mediaType: text('media_type').$type<'image' | 'video'>(),
    mediaFilename: text('media_filename'),
    mediaThumbnailUrl: text('media_thumbnail_url'),
    sentAt: at('sent_at').notNull().defaultNow(),
    readAt: at('read_at'),
    ...timestamps,
  },
  (t) => [
    check('messages_has_body', sql`${t.content} is not null or ${t.mediaUrl} is not null`),
    index('messages_conversation_idx').on(t.conversationId, t.id),
    // Unread direct messages of a person, for the badge and the digest.
    index('messages_unread_direct_idx').on(t.receiverUserId, t.id).where(sql`${t.readAt} is null`),
  ],
);

/** How far each person has read each conversation (unread counts; event chats' read receipts). */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id),
    userId: integer('user_id').notNull(),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull(),
    readAt: at('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

// ── Announcements ────────────────────────────────────────────────────────────
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    content: text('content').notNull(),
    senderUserId: integer('sender_user_id'),
    senderName: text('sender_name').notNull(),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (t) => [index('announcements_sent_idx').on(t.sentAt, t.id)],
);

// ── The digest of missed messages (beyond the spec) ──────────────────────────
/** Per person: whether they want the digest, and what it last told them. */
export const digestStates = pgTable('digest_states', {
  userId: integer('user_id').primaryKey(),
  emailDigest: boolean('email_digest').notNull().default(true),
  lastSentAt: at('last_sent_at'),
  /** The newest message the last digest covered: the next one tells only of later ones. */
  lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull().default(0),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

// ── Notifications (beyond the spec: the notification centre, issue 28) ───────
/**
 * What a person is told of, newest first. A collapse key (`dm:<conversation>`) makes a new thing of
 * the same kind renew the unread row instead of adding one; `source_event_id` is the event it came
 * from, for tracing it back.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    recipientUserId: integer('recipient_user_id').notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    collapseKey: text('collapse_key'),
    count: integer('count').notNull().default(1),
    sourceEventId: uuid('source_event_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    readAt: at('read_at'),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientUserId, t.createdAt, t.id),
    index('notifications_unread_idx').on(t.recipientUserId).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_unread_collapse_key')
      .on(t.recipientUserId, t.collapseKey)
      .where(sql`${t.readAt} is null and ${t.collapseKey} is not null`),
  ],
);

/** A person's channel for a kind; a kind without a row has its default (NOTIFICATION_DEFAULT_CHANNELS). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id').notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
