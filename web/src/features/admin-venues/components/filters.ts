import type { AdminVenueListItem } from '@linksmate/proto';
import { ADMIN_VENUE_TYPES, AU_STATES } from '@linksmate/proto/rules';
import { venueTypeLabel } from './venue-text';

/** The venue table's filters (spec 3 "Venues management"), as the address carries them. */
export interface VenueFilters {
  search: string;
  state: string;
  type: string;
  verified: string;
  active: string;
  review: string;
}
export type FilterKey = keyof VenueFilters;
export const FILTER_KEYS: FilterKey[] = ['search', 'state', 'type', 'verified', 'active', 'review'];
export const NO_FILTERS: VenueFilters = {
  search: '',
  state: '',
  type: '',
  verified: '',
  active: '',
  review: '',
};

export function readFilters(params: URLSearchParams): VenueFilters {
  return Object.fromEntries(
    FILTER_KEYS.map((key) => [key, params.get(key) ?? '']),
  ) as unknown as VenueFilters;
}

export const isFiltered = (filters: VenueFilters) => FILTER_KEYS.some((key) => filters[key].trim() !== '');

type Option = { value: string; label: string };
const ALL = (label: string): Option => ({ value: '', label });

export const VERIFIED_OPTIONS: Option[] = [
  ALL('All'),
  { value: 'verified', label: 'Verified' },
  { value: 'unverified', label: 'Unverified' },
];
export const ACTIVE_OPTIONS: Option[] = [
  ALL('All'),
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
export const REVIEW_OPTIONS: Option[] = [
  ALL('All'),
  { value: 'approved', label: 'Approved' },
  { value: 'pending', label: 'Pending review' },
  { value: 'rejected', label: 'Rejected' },
];

/** The states in the spec's order, then any other a venue has. */
export function stateOptions(venues: AdminVenueListItem[]): Option[] {
  const others = [...new Set(venues.map((v) => v.state).filter((s): s is string => !!s))]
    .filter((state) => !(AU_STATES as readonly string[]).includes(state))
    .sort();
  return [ALL('All states'), ...[...AU_STATES, ...others].map((state) => ({ value: state, label: state }))];
}

/** The wizard's types, then any custom type a venue has. */
export function typeOptions(venues: AdminVenueListItem[]): Option[] {
  const known = ADMIN_VENUE_TYPES.filter((type) => type !== 'other') as readonly string[];
  const custom = [...new Set(venues.flatMap((v) => v.venue_type))].filter((t) => !known.includes(t)).sort();
  return [
    ALL('All types'),
    ...[...known, ...custom].map((type) => ({ value: type, label: venueTypeLabel(type) })),
  ];
}

/** Lower case without accents, so 'mornington' finds 'Mornington' and 'cafe' finds 'Café'. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The venues that pass every filter; the search looks at the name, suburb and city. */
export function applyFilters(venues: AdminVenueListItem[], filters: VenueFilters): AdminVenueListItem[] {
  const search = fold(filters.search.trim());
  return venues.filter(
    (venue) =>
      (!search ||
        [venue.name, venue.suburb, venue.city].some((text) => text && fold(text).includes(search))) &&
      (!filters.state || venue.state === filters.state) &&
      (!filters.type || venue.venue_type.includes(filters.type)) &&
      (!filters.verified || venue.is_verified === (filters.verified === 'verified')) &&
      (!filters.active || venue.is_active === (filters.active === 'active')) &&
      (!filters.review || venue.review_status === filters.review),
  );
}
