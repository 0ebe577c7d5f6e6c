import { CLUB_AMENITY_LABELS, COURSE_AMENITY_LABELS, DAYS, VENUE_TYPE_LABELS } from '@linksmate/proto/rules';
import { capitalise } from '../../lib/text';

/** How the venue screens write venues' enumerated values, places and links. */

/** `practice_nets` → 'Practice Nets', for values no label list knows (an admin's custom type). */
const humanise = (value: string) =>
  value
    .split(/[_\s]+/)
    .filter(Boolean)
    .map(capitalise)
    .join(' ');

export const venueTypeLabel = (value: string) =>
  (VENUE_TYPE_LABELS as Record<string, string>)[value] ?? humanise(value);

export const amenityLabel = (value: string) =>
  (COURSE_AMENITY_LABELS as Record<string, string>)[value] ??
  (CLUB_AMENITY_LABELS as Record<string, string>)[value] ??
  humanise(value);

/** 'semi_private' → 'Semi Private'. */
export const courseTypeLabel = humanise;

/** City (or suburb) and state, as a card's second line: 'Black Rock, VIC'. */
export function placeOf(venue: { city: string | null; suburb: string | null; state: string | null }): string {
  return [venue.city || venue.suburb, venue.state].filter(Boolean).join(', ');
}

/** Spec 2 "Venue detail": the address in one line, the country left out when it is the USA. */
export function composeAddress(venue: {
  address: string | null;
  suburb: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string;
}): string {
  const country = /^(usa|us|united states( of america)?)$/i.test(venue.country.trim()) ? null : venue.country;
  const locality = [venue.suburb, venue.city]
    .filter((part, index, parts): part is string => !!part && parts.indexOf(part) === index)
    .join(', ');
  const region = [venue.state, venue.postal_code].filter(Boolean).join(' ');
  return [venue.address, locality, region, country].filter(Boolean).join(', ');
}

/** The opening hours in week order (monday…sunday), whatever case the days are stored in. */
export function hoursInWeekOrder(hours: Record<string, string>): { day: string; text: string }[] {
  const byDay = new Map(Object.entries(hours).map(([day, text]) => [day.toLowerCase(), text]));
  return DAYS.flatMap((day) => {
    const text = byDay.get(day)?.trim();
    return text ? [{ day: capitalise(day), text }] : [];
  });
}

/** An external maps app's directions to the coordinates (spec 2 "Venue detail", Location). */
export const directionsUrl = (lat: number, lng: number) =>
  `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;

/** '-37.9712, 145.0318': four decimals, about ten metres, enough to find a club house. */
export const formatCoordinates = (lat: number, lng: number) => `${lat.toFixed(4)}, ${lng.toFixed(4)}`;

// Words that would make poor initials: 'The Royal Melbourne Golf Club' reads RM, not TR.
const MINOR_WORDS = /^(the|of|and|at|&)$/i;

/** Up to two letters standing for a venue without a picture. */
export function venueInitials(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^[\p{L}\p{N}]/u.test(word));
  const major = words.filter((word) => !MINOR_WORDS.test(word));
  return (major.length > 0 ? major : words)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/**
 * Backgrounds for the initials, each dark enough for white letters to read at WCAG AA (4.5:1 or
 * better): fairway, pine, teal, blue, violet, plum, clay, bronze.
 */
const INITIALS_COLOURS = [
  '#1f7a4d',
  '#0c5233',
  '#0b7285',
  '#1864ab',
  '#5f3dc4',
  '#a61e4d',
  '#b02525',
  '#8f6a00',
];

/** The same name always gets the same colour, so a venue is recognisable across visits. */
export function colourForName(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return INITIALS_COLOURS[hash % INITIALS_COLOURS.length]!;
}

/** '+3 photos', '+1 photo'. */
export const photosBadge = (count: number) => `+${count} ${count === 1 ? 'photo' : 'photos'}`;
