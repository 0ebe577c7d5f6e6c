/**
 * The notification centre (beyond the spec: issue 28): what a person is told of, and how. messaging
 * owns notifications (docs/architecture.md#who-owns-what); each kind comes from another context's
 * event. New kinds (rounds to confirm, results posted) are added here and in a consumer.
 */
export const NOTIFICATION_KINDS = [
  'join_request_received',
  'join_request_approved',
  'join_request_rejected',
  'booking_confirmed',
  'booking_cancelled',
  'booking_refunded',
  'waitlist_offer',
  'event_changed',
  'event_cancelled',
  'direct_message',
  'profile_claim_decided',
  'announcement',
  'reminder',
  'membership',
  'results_posted',
  'round_to_confirm',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** `email`: in the app and by e-mail; `off`: neither. */
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: 'In app',
  email: 'In app and e-mail',
  off: 'Off',
};

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  join_request_received: 'Join requests to your games',
  join_request_approved: 'Your join request approved',
  join_request_rejected: 'Your join request declined',
  booking_confirmed: 'Booking confirmed',
  booking_cancelled: 'Booking cancelled',
  booking_refunded: 'Payment refunded',
  waitlist_offer: 'Waitlist seat offered',
  event_changed: 'An event you booked changed',
  event_cancelled: 'An event you booked was cancelled',
  direct_message: 'New direct message',
  profile_claim_decided: 'Profile claim decided',
  announcement: 'Platform announcements',
  reminder: 'Reminders before your games and events',
  membership: 'Membership about to renew or end',
  results_posted: 'Results of a game you played',
  round_to_confirm: 'Rounds to confirm',
};

/**
 * Each kind's channel until a person chooses. E-mail by default only where no other mail already
 * tells of it (the decisions on join requests, waitlist offers, refunds and claims are mailed by their
 * owners, and missed messages by the digest), so nobody gets the same news twice.
 */
export const NOTIFICATION_DEFAULT_CHANNELS: Record<NotificationKind, NotificationChannel> = {
  join_request_received: 'email',
  join_request_approved: 'in_app',
  join_request_rejected: 'in_app',
  booking_confirmed: 'in_app',
  booking_cancelled: 'in_app',
  booking_refunded: 'in_app',
  waitlist_offer: 'in_app',
  event_changed: 'email',
  event_cancelled: 'email',
  direct_message: 'in_app',
  profile_claim_decided: 'in_app',
  announcement: 'in_app',
  // Nothing else mails these (docs/product.md#reminders), and a reminder is most use away from the app.
  reminder: 'email',
  membership: 'email',
  results_posted: 'in_app',
  round_to_confirm: 'in_app',
};

/**
 * Kinds that are never e-mailed one by one: an announcement reaches everyone at once (a set-based
 * insert), and a per-person mail for it would be a mass mailing.
 */
export const NOTIFICATION_KINDS_IN_APP_ONLY: readonly NotificationKind[] = ['announcement'];

export const NOTIFICATION_PAGE_SIZE = 20;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
} as const;
