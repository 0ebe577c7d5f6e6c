/** The six services behind the gateway. */
export const SERVICE_NAMES = [
  'identity',
  'membership-payments',
  'events-bookings',
  'venues-coaches',
  'messaging',
  'admin',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/**
 * Which service answers which public path (docs/architecture.md#who-owns-what), as prefixes under `/api/v1`.
 * The longest prefix wins, on whole path segments only.
 */
export const ROUTE_TABLE: ReadonlyArray<{ prefix: string; service: ServiceName }> = [
  { prefix: '/auth', service: 'identity' },
  { prefix: '/profile', service: 'identity' },
  { prefix: '/golfers', service: 'identity' },
  { prefix: '/discovery', service: 'identity' },
  { prefix: '/upload/profile-image', service: 'identity' },

  { prefix: '/payments', service: 'membership-payments' },
  { prefix: '/admin/payments', service: 'membership-payments' },

  { prefix: '/events', service: 'events-bookings' },
  { prefix: '/member-games', service: 'events-bookings' },
  { prefix: '/bookings', service: 'events-bookings' },
  { prefix: '/calendar', service: 'events-bookings' },
  { prefix: '/rounds', service: 'events-bookings' },
  { prefix: '/admin/events', service: 'events-bookings' },
  { prefix: '/admin/bookings', service: 'events-bookings' },
  { prefix: '/admin/availability', service: 'events-bookings' },

  { prefix: '/venues', service: 'venues-coaches' },
  { prefix: '/coaches', service: 'venues-coaches' },
  { prefix: '/claim-profile', service: 'venues-coaches' },
  { prefix: '/admin/venues', service: 'venues-coaches' },
  { prefix: '/admin/coaches', service: 'venues-coaches' },
  { prefix: '/admin/profile-claims', service: 'venues-coaches' },
  { prefix: '/admin/profile', service: 'venues-coaches' },
  { prefix: '/upload/venue-photo', service: 'venues-coaches' },
  { prefix: '/upload/venue-gallery', service: 'venues-coaches' },
  { prefix: '/upload/venue-image', service: 'venues-coaches' },

  { prefix: '/messages', service: 'messaging' },
  { prefix: '/announcements', service: 'messaging' },
  { prefix: '/notifications', service: 'messaging' },
  { prefix: '/admin/announcements', service: 'messaging' },
  { prefix: '/upload/message-media', service: 'messaging' },

  { prefix: '/admin/users', service: 'admin' },
  { prefix: '/admin/dashboard', service: 'admin' },
];

const byLength = [...ROUTE_TABLE].sort((a, b) => b.prefix.length - a.prefix.length);

/** Whether `path` is `prefix` or below it, on whole segments (no string is made to find out). */
export const underPrefix = (path: string, prefix: string): boolean =>
  path.startsWith(prefix) && (path.length === prefix.length || path.charCodeAt(prefix.length) === 47); // '/'

/** The route-table prefix a path (without `/api/v1`) falls under, or null: a label of few values. */
export function routePrefixOf(path: string): string | null {
  for (const route of byLength) if (underPrefix(path, route.prefix)) return route.prefix;
  return null;
}

/** The service owning a path (without the `/api/v1` prefix), or null. */
export function resolveService(path: string): ServiceName | null {
  for (const route of byLength) {
    if (underPrefix(path, route.prefix)) return route.service;
  }
  return null;
}

/** Where the development mailbox answers when the gateway has DEV_MAILBOX_URL (no service owns it). */
export const DEV_MAILBOX_PREFIX = '/dev/mailbox';
/** Where the embedded run's live figures answer when the gateway has DEV_METRICS_URL. */
export const DEV_METRICS_PREFIX = '/dev/metrics';

/** Paths under these prefixes may carry uploads and get the larger body limit. */
export const UPLOAD_PREFIX = '/upload/';
/** Stricter rate limits apply here (ASVS: credential endpoints). */
export const AUTH_PREFIX = '/auth/';
/**
 * Under /auth/, what a signed-in person does with their own sessions (list them, sign one or all
 * out, log out) takes no password, token or mail: it has the general limit. Counted with the
 * logins, opening one's profile a few times (it lists the sessions) used up the budget that
 * guards the password, for everyone behind the same address.
 */
const SESSION_PATHS = ['/auth/sessions', '/auth/logout'];

/**
 * Whether the stricter limit applies: /auth/* (logging in, registering, refreshing, the password
 * and e-mail links) but the sessions, and claiming a profile, which takes a password and makes an
 * account (and sends it a mail) as registering does.
 */
export const isCredentialPath = (path: string | null): boolean =>
  !!path &&
  ((path.startsWith(AUTH_PREFIX) && !SESSION_PATHS.some((p) => path === p || path.startsWith(`${p}/`))) ||
    path === '/claim-profile');
