import { CLUB_AMENITY_LABELS, COURSE_AMENITY_LABELS, VENUE_TYPE_LABELS } from '@linksmate/proto/rules';
import { capitalise } from '../../../lib/text';

/** How the admin venue screens write enumerated values and places. */

/** `semi_private` → 'Semi Private', for values no label list knows (an admin's custom type). */
export const humanise = (value: string) =>
  value
    .split(/[_\s]+/)
    .filter(Boolean)
    .map(capitalise)
    .join(' ');

export const venueTypeLabel = (value: string) =>
  (VENUE_TYPE_LABELS as Record<string, string>)[value] ?? humanise(value);

export const courseAmenityLabel = (value: string) =>
  (COURSE_AMENITY_LABELS as Record<string, string>)[value] ?? humanise(value);

export const clubAmenityLabel = (value: string) =>
  (CLUB_AMENITY_LABELS as Record<string, string>)[value] ?? humanise(value);

/** Suburb or city and state, as the table's Location: 'Black Rock, VIC'. */
export function placeOf(venue: { city: string | null; suburb: string | null; state: string | null }): string {
  return [venue.city || venue.suburb, venue.state].filter(Boolean).join(', ');
}

/** 'venue' or 'venues' after a count. */
export const venuesNoun = (count: number) => (count === 1 ? 'venue' : 'venues');
