/**
 * Query-key roots that more than one feature touches. A membership change makes the account's data
 * (the profile) stale as well as the payments' (plans, subscription status), and those who learn of
 * the change (the socket, the checkout, the cancel action) are not those who read the data.
 * Invalidating by these roots lets each feature keep its own keys without importing another's.
 * Each feature's and entity's `api/keys.ts` builds its keys on these or on a root of its own; a call
 * two features share lives once in `web/src/entities/<thing>/` under one key, which both screens read.
 */
export const sharedQueryRoots = {
  profile: ['profile'],
  payments: ['payments'],
  /**
   * Lists of other golfers (discovery, the home page's featured golfers). Blocking or unblocking
   * someone, or changing one's own visibility, changes who they hold.
   */
  people: ['people'],
  /** Platform announcements: the admin who sends one and the members' panel both read them. */
  announcements: ['announcements'],
  /**
   * Coaches: the public list and detail (the coaches feature's own root is this one), and the admin
   * area's coach table, coach venues and claim review. A change in the admin area makes them all stale.
   */
  coaches: ['coaches'],
  /**
   * Venues: the directory and a venue's page read them, the admin area changes them (and reads them
   * under the same root), so a change there leaves no stale venue on the public pages.
   */
  venues: ['venues'],
  /**
   * Events and their bookings: Event Listings and event detail read them (the events feature's own
   * root is this one); the admin area's events, bookings and official-event creation change them.
   */
  events: ['events'],
  /**
   * A person's rounds and handicap index (the rounds feature's own root is this one): a game's
   * results recorded as one's round ("Record as my round") change them too.
   */
  rounds: ['rounds'],
  /**
   * The admin's people: the Users table, and the add-user picker of the event screens. A change to
   * someone (banned, deleted, renamed) makes both stale.
   */
  adminUsers: ['admin', 'users'],
} as const;
