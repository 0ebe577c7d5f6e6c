import { causedBy, type EventMeta, notFound } from '@linksmate/platform';
import {
  type AccessTokenClaims,
  AnnouncementPublished,
  BookingCancelled,
  BookingConfirmed,
  BookingReminderFellDue,
  EventCancelled,
  type EventOf,
  type EventUpdated,
  JoinRequestApproved,
  JoinRequestRejected,
  JoinRequestSubmitted,
  MembershipNoticeFellDue,
  MessageSent,
  NOTIFICATION_DEFAULT_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_KINDS_IN_APP_ONLY,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PAGE_SIZE,
  type NotificationPreferencesBody,
  type NotificationPreferencesReply,
  type NotificationReadReply,
  type NotificationsQuery,
  type NotificationsReply,
  type NotificationUnreadReply,
  PaymentRefunded,
  ProfileClaimApproved,
  ProfileClaimRejected,
  ResultsPosted,
  RoundConfirmationRequested,
  WaitlistOffered,
} from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { ChatEventRow, Db } from '../../db/types';
import type { Projections } from '../projections/service';
import { NotificationNotices } from './notify';
import {
  chosenChannel,
  chosenChannels,
  countNotifications,
  fanOutToEveryone,
  markAllRead,
  markRead,
  notificationsPage,
  saveChannels,
  toNotification,
  upsertNotification,
} from './repository';
import type { NotificationDraft } from './rules';
import * as draft from './rules';

type Person = Pick<AccessTokenClaims, 'user_id'>;

/** What other contexts (and messaging's own direct messages and announcements) tell people of. */
export const NOTIFYING_EVENTS = [
  JoinRequestSubmitted,
  JoinRequestApproved,
  JoinRequestRejected,
  BookingConfirmed,
  BookingCancelled,
  PaymentRefunded,
  WaitlistOffered,
  MessageSent,
  ProfileClaimApproved,
  ProfileClaimRejected,
  AnnouncementPublished,
  BookingReminderFellDue,
  MembershipNoticeFellDue,
  ResultsPosted,
  RoundConfirmationRequested,
] as const;

function draftsFor(event: EventOf<(typeof NOTIFYING_EVENTS)[number]>): NotificationDraft[] {
  switch (event.type) {
    case JoinRequestSubmitted.type:
      return draft.joinRequestSubmitted(event.data);
    case JoinRequestApproved.type:
    case JoinRequestRejected.type:
      return draft.joinRequestDecided(event.data, event.type === JoinRequestApproved.type);
    case BookingConfirmed.type:
      return draft.bookingConfirmed(event.data);
    case BookingCancelled.type:
      return draft.bookingCancelled(event.data);
    case PaymentRefunded.type:
      return draft.paymentRefunded(event.data);
    case WaitlistOffered.type:
      return draft.waitlistOffered(event.data);
    case MessageSent.type:
      return draft.directMessage(event.data);
    case ProfileClaimApproved.type:
    case ProfileClaimRejected.type:
      return draft.profileClaimDecided(event.data, event.type === ProfileClaimApproved.type);
    case BookingReminderFellDue.type:
      return draft.bookingReminder(event.data);
    case MembershipNoticeFellDue.type:
      return draft.membershipNotice(event.data);
    case ResultsPosted.type:
      return draft.resultsPosted(event.data);
    case RoundConfirmationRequested.type:
      return draft.roundToConfirm(event.data);
    default:
      return [];
  }
}

/**
 * The notification centre (beyond the spec: issue 28). Other contexts' events become notifications
 * through messaging's consumers; each person reads and marks only their own (another's id is
 * 'not found', so ids tell nothing), and chooses per kind: in the app, also by e-mail, or off.
 */
export class NotificationsService {
  private readonly notices: NotificationNotices;

  constructor(private readonly deps: ModuleContext & { projections: Projections }) {
    this.notices = new NotificationNotices(deps.runtime);
  }

  /** One event of NOTIFYING_EVENTS, in its consumer's transaction. */
  async tell(tx: Db, event: EventOf<(typeof NOTIFYING_EVENTS)[number]>): Promise<void> {
    if (event.type === AnnouncementPublished.type) {
      await this.fanOut(tx, draft.announcementDraft(event.data), event.id);
      return;
    }
    await this.deliver(tx, draftsFor(event), event.id, causedBy(event));
  }

  /** An event's update or cancellation, given messaging's copy of it as it was before. */
  async eventChanged(
    tx: Db,
    before: ChatEventRow | undefined,
    event: EventOf<typeof EventUpdated | typeof EventCancelled>,
  ): Promise<void> {
    const booked = await this.deps.projections.confirmedMembers(tx, event.data.event_id);
    const drafts = draft.eventChanged(before, event.data, event.type === EventCancelled.type, booked);
    await this.deliver(tx, drafts, event.id, causedBy(event));
  }

  /**
   * Writes the drafts in the consumer's transaction, each as its recipient chose: nothing when off,
   * an e-mail beside it when e-mail. Each new one is pushed live to its recipient.
   */
  private async deliver(
    tx: Db,
    drafts: NotificationDraft[],
    sourceEventId: string,
    meta: EventMeta,
  ): Promise<void> {
    const now = this.deps.clock();
    for (const draft of drafts) {
      const channel =
        (await chosenChannel(tx, draft.recipientUserId, draft.kind)) ??
        NOTIFICATION_DEFAULT_CHANNELS[draft.kind];
      if (channel === 'off') continue;
      const { row, collapsed } = await upsertNotification(tx, draft, sourceEventId, now);
      await this.notices.created(tx, row, collapsed, meta);
      if (channel !== 'email' || NOTIFICATION_KINDS_IN_APP_ONLY.includes(draft.kind)) continue;
      const recipient = await this.deps.projections.user(tx, draft.recipientUserId);
      if (recipient && !recipient.deleted) await this.notices.email(tx, recipient, row, meta, draft.mail);
    }
  }

  /**
   * One notification per person for everyone at once (an announcement), in one statement. It is
   * not pushed per person: the announcement itself reaches every socket, which reads its count anew.
   */
  private fanOut(
    tx: Db,
    draft: Omit<NotificationDraft, 'recipientUserId'>,
    sourceEventId: string,
  ): Promise<number> {
    return fanOutToEveryone(tx, draft, sourceEventId, this.deps.clock());
  }

  async list(person: Person, query: NotificationsQuery): Promise<NotificationsReply> {
    const limit = query.limit ?? NOTIFICATION_PAGE_SIZE;
    const offset = query.offset ?? 0;
    const db = this.deps.runtime.db;
    const [rows, counts] = await Promise.all([
      notificationsPage(db, person.user_id, { limit, offset }),
      countNotifications(db, person.user_id),
    ]);
    return {
      notifications: rows.map(toNotification),
      unread_count: counts.unread,
      total: counts.total,
      limit,
      offset,
    };
  }

  async unread(person: Person): Promise<NotificationUnreadReply> {
    const counts = await countNotifications(this.deps.runtime.db, person.user_id);
    return { unread_count: counts.unread };
  }

  async read(person: Person, id: number): Promise<NotificationReadReply> {
    const db = this.deps.runtime.db;
    const row = await markRead(db, person.user_id, id, this.deps.clock());
    if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound, 'notification_not_found');
    const counts = await countNotifications(db, person.user_id);
    return { notification: toNotification(row), unread_count: counts.unread };
  }

  async readAll(person: Person): Promise<NotificationUnreadReply> {
    await markAllRead(this.deps.runtime.db, person.user_id, this.deps.clock());
    return { unread_count: 0 };
  }

  async preferences(person: Person): Promise<NotificationPreferencesReply> {
    const chosen = await chosenChannels(this.deps.runtime.db, person.user_id);
    return {
      preferences: NOTIFICATION_KINDS.map((kind) => ({
        kind,
        channel: chosen.get(kind) ?? NOTIFICATION_DEFAULT_CHANNELS[kind],
      })),
    };
  }

  async setPreferences(
    person: Person,
    body: NotificationPreferencesBody,
  ): Promise<NotificationPreferencesReply> {
    await saveChannels(this.deps.runtime.db, person.user_id, body.preferences, this.deps.clock());
    return this.preferences(person);
  }
}
