import { OFFICIAL_EVENT_TYPE } from '@linksmate/proto/rules/events';

/**
 * Every screen's address, in one place (docs/product.md#account-screens, spec 2 and spec 3 route tables). `path` is the
 * router's pattern; `href(...)` builds a link to it, typed for the parameters it needs. Links,
 * redirects and the route table use these; no other file spells a path.
 */

type Id = number | string;
export type ConversationType = 'direct' | 'event';
/** The sections of the own profile's edit form (docs/product.md#account-screens), each a place the form can open at. */
export const PROFILE_FORM_SECTIONS = ['basic', 'golf', 'availability', 'blocked'] as const;
export type ProfileFormSection = (typeof PROFILE_FORM_SECTIONS)[number];
/** Player discovery's filters and page, as its address carries them. */
export interface PlayerSearch {
  skill_level?: string;
  availability_status?: string;
  offset?: number;
}
/** Find Coaches' page, search and specialty, as its address carries them. */
export interface CoachSearch {
  search?: string;
  specialty?: string;
  page?: number;
}
/** Event Listings' filters and page, as its address carries them (spec 2 "Event Listings"). */
export interface EventSearch {
  event_type?: string;
  venue_id?: number;
  page?: number;
}
export type ClaimableEntity = 'coach' | 'venue';
/** The venue directory's filters and page, as its address carries them (spec 2 "Venue directory"). */
export interface VenueSearch {
  search?: string;
  region?: string;
  state?: string;
  venue_type?: string;
  course_amenity?: string;
  club_amenity?: string;
  page?: number;
}

const segment = (value: Id) => encodeURIComponent(String(value));

/** The query string of the flags that are set, e.g. `?verified=true`. */
function withFlags(path: string, flags: Record<string, boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, on] of Object.entries(flags)) if (on) search.set(name, 'true');
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** The query string of the values that are set, e.g. `?skill_level=pro&offset=10`. */
function withQuery(path: string, values: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '' && value !== 0) search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** A screen without parameters. */
const fixed = <P extends string>(path: P) => ({ path, href: (): P => path });

// Spec 3: "Create {product} Event" lives at /admin/create-{product}-event.
const officialEventProduct = OFFICIAL_EVENT_TYPE.replace(/_event$/, '');

/**
 * Navigation state of the admin sidebar's links: a section chosen in the menu. A coach_admin who
 * arrives at /admin goes on to bookings (docs/product.md#admin-sections); one who picks Dashboard in the menu sees it.
 */
export const ADMIN_MENU_STATE = { chosenInMenu: true } as const;
export const chosenInAdminMenu = (state: unknown) =>
  !!state && (state as Partial<typeof ADMIN_MENU_STATE>).chosenInMenu === true;

export const paths = {
  home: fixed('/'),
  login: {
    path: '/login',
    /** `claimed`: arriving from a profile claim, whose account must verify its e-mail first. */
    href: (flags: { claimed?: boolean } = {}) => withFlags('/login', flags),
  },
  register: fixed('/register'),
  verifyEmail: fixed('/verify-email'),
  resendVerification: fixed('/resend-verification'),
  forgotPassword: fixed('/forgot-password'),
  resetPassword: fixed('/reset-password'),
  onboarding: {
    path: '/onboarding',
    href: (flags: { verified?: boolean } = {}) => withFlags('/onboarding', flags),
  },
  membership: {
    path: '/membership',
    /** `plan`: the plan whose checkout opens on arrival (chosen before logging in). */
    href: (options: { plan?: string } = {}) =>
      options.plan ? `/membership?plan=${encodeURIComponent(options.plan)}` : '/membership',
  },
  /**
   * The own profile; docs/product.md#account-screens names /dashboard as where "Maybe later" leads, which comes here.
   * `edit` opens the edit form at that section ('Edit Profile', 'Update Availability').
   */
  profile: {
    path: '/profile',
    href: (options: { welcome?: boolean; edit?: ProfileFormSection } = {}) =>
      options.edit
        ? withQuery('/profile', { edit: options.edit })
        : withFlags('/profile', { welcome: options.welcome }),
  },
  dashboard: fixed('/dashboard'),
  userProfile: { path: '/profile/:userId', href: (userId: Id) => `/profile/${segment(userId)}` },
  findCoaches: {
    path: '/find-coaches',
    // Page 1 is the address without a page.
    href: (search: CoachSearch = {}) =>
      withQuery('/find-coaches', { ...search, page: search.page === 1 ? undefined : search.page }),
  },
  coach: { path: '/coach/:coachId', href: (coachId: Id) => `/coach/${segment(coachId)}` },
  /** /players and /find-golfers are the same screen (docs/product.md#account-screens); the filters ride in the query. */
  players: { path: '/players', href: (search: PlayerSearch = {}) => withQuery('/players', { ...search }) },
  findGolfers: {
    path: '/find-golfers',
    href: (search: PlayerSearch = {}) => withQuery('/find-golfers', { ...search }),
  },
  venues: { path: '/venues', href: (search: VenueSearch = {}) => withQuery('/venues', { ...search }) },
  venue: { path: '/venues/:venueId', href: (venueId: Id) => `/venues/${segment(venueId)}` },
  venueBySlug: { path: '/venue/:slug', href: (slug: string) => `/venue/${segment(slug)}` },
  events: {
    path: '/events',
    // Page 1 is the address without a page.
    href: (search: EventSearch = {}) =>
      withQuery('/events', { ...search, page: search.page === 1 ? undefined : search.page }),
  },
  event: { path: '/events/:eventId', href: (eventId: Id) => `/events/${segment(eventId)}` },
  /** docs/product.md#results: a game's scoring (cards) and its ranked results. */
  eventScoring: {
    path: '/events/:eventId/scoring',
    href: (eventId: Id) => `/events/${segment(eventId)}/scoring`,
  },
  eventResults: {
    path: '/events/:eventId/results',
    href: (eventId: Id) => `/events/${segment(eventId)}/results`,
  },
  createGame: fixed('/create-game'),
  myGames: fixed('/my-games'),
  myBookings: fixed('/my-bookings'),
  messages: fixed('/messages'),
  notifications: fixed('/notifications'),
  rounds: fixed('/rounds'),
  round: { path: '/rounds/:roundId', href: (roundId: Id) => `/rounds/${segment(roundId)}` },
  announcements: fixed('/messages/announcements'),
  conversation: {
    path: '/messages/:conversationType/:id',
    href: (type: ConversationType, id: Id) => `/messages/${type}/${segment(id)}`,
  },
  claimProfile: {
    path: '/claim-profile/:entityType/:entityId',
    href: (entityType: ClaimableEntity, entityId: Id) => `/claim-profile/${entityType}/${segment(entityId)}`,
  },
  admin: {
    dashboard: fixed('/admin'),
    venues: fixed('/admin/venues'),
    venue: { path: '/admin/venues/:venueId', href: (venueId: Id) => `/admin/venues/${segment(venueId)}` },
    coaches: fixed('/admin/coaches'),
    coachVenues: fixed('/admin/coach-venues'),
    profileClaims: fixed('/admin/profile-claims'),
    availability: fixed('/admin/availability'),
    bookings: fixed('/admin/bookings'),
    events: fixed('/admin/events'),
    createOfficialEvent: fixed(`/admin/create-${officialEventProduct}-event`),
    announcements: fixed('/admin/announcements'),
    transactions: fixed('/admin/transactions'),
    users: fixed('/admin/users'),
  },
  terms: fixed('/terms'),
  privacy: fixed('/privacy'),
  devMailbox: fixed('/dev/mailbox'),
  devMetrics: fixed('/dev/metrics'),
} as const;
