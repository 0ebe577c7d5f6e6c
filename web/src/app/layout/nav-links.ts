import { paths } from '../../lib/paths';

export interface NavItem {
  label: string;
  to: string;
  /** Marked current only on its own address, not on the addresses under it. */
  end?: boolean;
  /** Another address whose pages belong to this section (a venue at /venue/{slug}, a coach at /coach/{id}). */
  alsoUnder?: string;
}

/** Whether a link's section holds the page at `pathname` beyond what its own address covers. */
export const inSectionElsewhere = (link: NavItem, pathname: string) =>
  !!link.alsoUnder && pathname.startsWith(link.alsoUnder);

/** docs/product.md#account-screens: the links everyone sees. */
export const PUBLIC_LINKS: NavItem[] = [
  { label: 'Find Players', to: paths.players.href() },
  { label: 'Find Coaches', to: paths.findCoaches.href(), alsoUnder: '/coach/' },
  { label: 'Events', to: paths.events.href() },
  { label: 'Venues', to: paths.venues.href(), alsoUnder: '/venue/' },
];

/** Signed in: My Profile and Messages, then the My Games menu. */
export const SIGNED_IN_LINKS: NavItem[] = [
  // Another golfer's profile (/profile/{id}) is not one's own.
  { label: 'My Profile', to: paths.profile.href(), end: true },
  { label: 'Messages', to: paths.messages.href() },
];

export const GAME_LINKS: NavItem[] = [
  { label: 'Create Game', to: paths.createGame.href() },
  { label: 'My Created Games', to: paths.myGames.href() },
  { label: 'My Bookings', to: paths.myBookings.href() },
  { label: 'My Rounds', to: paths.rounds.href() },
];

/** The menu's name: a coach's one entry is their coaching, not administration. */
export const adminMenuLabel = (role: string | null) => (role === 'coach' ? 'Coaching' : 'Admin');

/** docs/product.md#account-screens: the admin menu, by role. */
export function adminLinks(role: string | null): NavItem[] {
  // A coach's part of the admin area is their coaching venues (spec 3 "My Coaching Venues").
  if (role === 'coach') return [{ label: 'My Coaching Venues', to: paths.admin.coachVenues.href() }];
  const links: NavItem[] = [{ label: 'Admin Dashboard', to: paths.admin.dashboard.href() }];
  if (role === 'admin')
    links.push({ label: 'Create LinksMate Event', to: paths.admin.createOfficialEvent.href() });
  return links;
}
