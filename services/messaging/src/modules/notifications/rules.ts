import {
  type AnnouncementPublished,
  type BookingCancelled,
  type BookingConfirmed,
  type BookingReminderFellDue,
  directionsUrl,
  EVENT_PAYMENT_PURPOSES,
  type EventData,
  type EventUpdated,
  type JoinRequestApproved,
  type JoinRequestSubmitted,
  localStartTime,
  longDate,
  type MembershipNoticeFellDue,
  type MessageSent,
  type NotificationKind,
  type PaymentRefunded,
  type ProfileClaimApproved,
  placeAddress,
  type ResultsPosted,
  type RoundConfirmationRequested,
  reminderLead,
  type WaitlistOffered,
} from '@linksmate/proto';

/** One notification to write: who, what it says, where it leads (built here, so every screen says the same). */
export interface NotificationDraft {
  recipientUserId: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  /** A new one with the same key renews the recipient's unread one instead of adding a row. */
  collapseKey?: string;
  /** What its e-mail shows besides title and body (the `notification` template's `where`, `directions_url`). */
  mail?: { where?: string; directions_url?: string };
}

const eventLink = (eventId: number) => `/events/${eventId}`;
const BOOKINGS_LINK = '/my-bookings';
const GAMES_LINK = '/my-games';
const MEMBERSHIP_LINK = '/membership';
/** The key an event's cancellation and the booking it cancels share: told once, not twice. */
const eventOffKey = (eventId: number) => `event-off:${eventId}`;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function joinRequestSubmitted(d: EventData<typeof JoinRequestSubmitted>): NotificationDraft[] {
  if (d.creator_user_id === null || d.creator_user_id === d.user_id) return [];
  return [
    {
      recipientUserId: d.creator_user_id,
      kind: 'join_request_received',
      title: `New request to join ${d.event_title}`,
      body: 'A golfer asked to join your game. Approve or decline it in My Games.',
      link: GAMES_LINK,
      collapseKey: `join-requests:${d.event_id}`,
    },
  ];
}

export function joinRequestDecided(
  d: EventData<typeof JoinRequestApproved>,
  approved: boolean,
): NotificationDraft[] {
  return [
    {
      recipientUserId: d.user_id,
      kind: approved ? 'join_request_approved' : 'join_request_rejected',
      title: approved ? `You're in: ${d.event_title}` : `Request declined: ${d.event_title}`,
      body: approved
        ? 'The organiser approved your request to join.'
        : 'The organiser declined your request to join.',
      link: eventLink(d.event_id),
    },
  ];
}

/**
 * A booking confirmed by a join request's approval is told as the approval (the same moment
 * publishes both), so it is not told twice.
 */
export function bookingConfirmed(d: EventData<typeof BookingConfirmed>): NotificationDraft[] {
  if (d.previous_status === 'pending') return [];
  const seats = d.seats === 1 ? '1 seat' : `${d.seats} seats`;
  return [
    {
      recipientUserId: d.user_id,
      kind: 'booking_confirmed',
      title: `Booking confirmed: ${d.event_title}`,
      body: `Your booking of ${seats} is confirmed.`,
      link: eventLink(d.event_id),
    },
  ];
}

export function bookingCancelled(d: EventData<typeof BookingCancelled>): NotificationDraft[] {
  return [
    {
      recipientUserId: d.user_id,
      kind: 'booking_cancelled',
      title: `Booking cancelled: ${d.event_title}`,
      body: 'Your booking was cancelled.',
      link: BOOKINGS_LINK,
      collapseKey: eventOffKey(d.event_id),
    },
  ];
}

export function paymentRefunded(d: EventData<typeof PaymentRefunded>): NotificationDraft[] {
  if (!(EVENT_PAYMENT_PURPOSES as readonly string[]).includes(d.purpose)) return [];
  return [
    {
      recipientUserId: d.user_id,
      kind: 'booking_refunded',
      title: 'Payment refunded',
      body: `${dollars(d.amount_refunded)} went back to your card${d.full ? '' : ' (part of the payment)'}. It may take 5 to 10 business days to appear.`,
      link: BOOKINGS_LINK,
    },
  ];
}

export function waitlistOffered(d: EventData<typeof WaitlistOffered>): NotificationDraft[] {
  return [
    {
      recipientUserId: d.user_id,
      kind: 'waitlist_offer',
      title: `A seat is free: ${d.event_title}`,
      body: 'A seat is held for you from the waitlist. Accept it before the offer expires.',
      link: eventLink(d.event_id),
    },
  ];
}

/** What a person sees of an event before a change, as messaging's copy of it holds. */
export interface EventBefore {
  title: string;
  startTime: Date;
  venueId: number | null;
  status: string;
  version: number;
}

/**
 * An event's change told to those booked: only a newer version that moves its time or venue, or
 * renames it (a seat taken changes the event too, and is nobody's news); a cancellation always.
 */
export function eventChanged(
  before: EventBefore | undefined,
  d: EventData<typeof EventUpdated>,
  cancelled: boolean,
  booked: number[],
): NotificationDraft[] {
  const recipients = booked.filter((id) => id !== d.creator_user_id);
  if (cancelled) {
    if (before?.status === 'cancelled') return [];
    return recipients.map((recipientUserId) => ({
      recipientUserId,
      kind: 'event_cancelled',
      title: `Cancelled: ${d.title}`,
      body: 'An event you booked was cancelled.',
      link: eventLink(d.event_id),
      collapseKey: eventOffKey(d.event_id),
    }));
  }
  if (!before || before.version >= d.version) return [];
  const changes: string[] = [];
  if (before.startTime.getTime() !== new Date(d.start_time).getTime()) changes.push('time');
  if (before.venueId !== d.venue_id) changes.push('venue');
  if (before.title !== d.title) changes.push('name');
  if (!changes.length) return [];
  return recipients.map((recipientUserId) => ({
    recipientUserId,
    kind: 'event_changed',
    title: `Changed: ${d.title}`,
    body: `The ${changes.join(', ')} of an event you booked changed.`,
    link: eventLink(d.event_id),
    collapseKey: `event-changed:${d.event_id}`,
  }));
}

/** Direct messages only (an event chat is followed in the chat), one unread row per conversation. */
export function directMessage(d: EventData<typeof MessageSent>): NotificationDraft[] {
  if (d.conversation_type !== 'direct') return [];
  const sender =
    [d.sender_first_name, d.sender_last_name].filter(Boolean).join(' ').trim() || d.sender_username;
  const preview = d.content?.trim() ? d.content.trim().slice(0, 140) : 'Sent an attachment';
  return d.recipient_user_ids.map((recipientUserId) => ({
    recipientUserId,
    kind: 'direct_message',
    title: `Message from ${sender}`,
    body: preview,
    link: `/messages/direct/${d.sender_user_id}`,
    collapseKey: `dm:${d.conversation_id}`,
  }));
}

export function profileClaimDecided(
  d: EventData<typeof ProfileClaimApproved>,
  approved: boolean,
): NotificationDraft[] {
  if (d.user_id === null) return [];
  const name = d.entity_name || `this ${d.entity_type}`;
  return [
    {
      recipientUserId: d.user_id,
      kind: 'profile_claim_decided',
      title: approved ? `Claim approved: ${name}` : `Claim not approved: ${name}`,
      body: approved
        ? `You now manage the ${d.entity_type} profile of ${name}.`
        : (d.admin_notes ?? 'An administrator reviewed your claim and did not approve it.'),
      link: approved
        ? d.entity_type === 'coach'
          ? `/coach/${d.entity_id}`
          : `/venues/${d.entity_id}`
        : '/profile',
    },
  ];
}

/** An announcement for everyone: the words, not who sent it, lead. */
export function announcementDraft(
  d: EventData<typeof AnnouncementPublished>,
): Omit<NotificationDraft, 'recipientUserId'> {
  return {
    kind: 'announcement',
    title: `Announcement from ${d.sender_name}`,
    body: d.content.slice(0, 280),
    link: '/messages/announcements',
  };
}

/**
 * A reminder before a booked game or event (docs/product.md#reminders): when, as the venue's clock
 * reads it, and where, with directions; it leads to the game's page.
 */
export function bookingReminder(d: EventData<typeof BookingReminderFellDue>): NotificationDraft[] {
  const when = localStartTime(new Date(d.start_time), d.time_zone);
  const address = placeAddress(d.venue);
  const where = address ? `${d.venue.name}, ${address}` : d.venue.name;
  const directions = directionsUrl(d.venue);
  return [
    {
      recipientUserId: d.user_id,
      kind: 'reminder',
      title: `${reminderLead(new Date(d.start_time), new Date(d.occurred_at))}: ${d.event_title}`,
      body: `Starts ${when} at ${where}.`,
      link: eventLink(d.event_id),
      mail: { where, ...(directions ? { directions_url: directions } : {}) },
    },
  ];
}

/** A membership renewing or ending soon (docs/product.md#reminders), leading to the membership page. */
export function membershipNotice(d: EventData<typeof MembershipNoticeFellDue>): NotificationDraft[] {
  const on = longDate(new Date(d.on));
  const renews = d.change === 'renews';
  const body = renews
    ? d.trial
      ? 'Your free trial ends then and your paid membership starts: your saved card is charged. Change or cancel it on the membership page before then.'
      : 'Your saved card is charged for the next period then. Change or cancel it on the membership page before then.'
    : d.trial
      ? 'Your free trial ends then and will not renew. Members-only games and events close to you after it; join again on the membership page.'
      : d.source === 'grant'
        ? 'It will not renew. Members-only games and events close to you after it; choose a plan on the membership page to stay a member.'
        : 'It will not renew. Members-only games and events close to you after it; renew it on the membership page.';
  return [
    {
      recipientUserId: d.user_id,
      kind: 'membership',
      title: renews ? `Your membership renews on ${on}` : `Your membership ends on ${on}`,
      body,
      link: MEMBERSHIP_LINK,
    },
  ];
}

/** Each player with a card in a game's closed results, but the organiser who closed them. */
export function resultsPosted(d: EventData<typeof ResultsPosted>): NotificationDraft[] {
  const winner = d.top[0];
  return d.player_user_ids
    .filter((userId) => userId !== d.closed_by_user_id)
    .map((userId) => ({
      recipientUserId: userId,
      kind: 'results_posted' as const,
      title: `Results posted: ${d.event_title}`,
      body: winner ? `${winner.name} won. See where you placed.` : 'See where you placed.',
      link: d.link,
    }));
}

/** A playing partner recorded a round with the recipient: their copy waits for them on its page. */
export function roundToConfirm(d: EventData<typeof RoundConfirmationRequested>): NotificationDraft[] {
  return [
    {
      recipientUserId: d.user_id,
      kind: 'round_to_confirm',
      title: `Round to confirm: ${d.course_name}, ${d.venue_name}`,
      body: d.has_card
        ? `${d.recorder_name} recorded your round of ${d.played_on} as your marker. Confirm it to count it in your index, or reject it.`
        : `${d.recorder_name} recorded their round of ${d.played_on} with you. Confirm it, or reject it.`,
      link: `/rounds/${d.round_id}`,
    },
  ];
}
